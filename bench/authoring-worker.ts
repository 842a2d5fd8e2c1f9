import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../authoring/cli/run-cli.js';
import { memoryIo } from '../authoring/testing/memory-io.js';
import { validateSchemaPackage } from '../authoring/validate/validate-schema-package.js';

// One measurement of the authoring benchmark in a fresh process (so peak RSS is its own):
// `node --import tsx bench/authoring-worker.ts <baseline|validate|generate> <package root>`.
// Prints {"ms": <time of the one call>, "maxRssMiB": <peak resident memory of the process>}.

const [mode, root] = process.argv.slice(2) as [string, string];

/** The baseline: read every source file and JSON.parse it, nothing else. */
async function parseOnly(): Promise<void> {
  const entries = await readdir(join(root, 'src'), { recursive: true });
  const files = entries.filter((entry) => entry.endsWith('.json'));
  const texts = await Promise.all(files.map((file) => readFile(join(root, 'src', file), 'utf8')));
  for (const text of texts) JSON.parse(text);
}

const started = performance.now();
if (mode === 'baseline') {
  await parseOnly();
} else if (mode === 'validate') {
  const { diagnostics } = await validateSchemaPackage(root);
  if (diagnostics.length > 0) throw new Error(`bench package is not valid: ${JSON.stringify(diagnostics[0])}`);
} else if (mode === 'generate') {
  const { io, stdout } = memoryIo(root);
  if ((await runCli(['generate', '--root', root], io)) !== 0) throw new Error(`generate failed: ${stdout()}`);
} else {
  throw new Error(`unknown mode ${mode}`);
}
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
