import { runCli } from './cli/run-cli.js';

// The catalog-schema process (authoring/bin.mjs loads this through tsx).
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
