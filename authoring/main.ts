import { runCli } from './cli/run-cli.js';

// The catalog-schema process: the package bin (dist/main.js once built).
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
