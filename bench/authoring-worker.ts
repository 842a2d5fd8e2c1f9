import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validateSchemaPackage } from '../authoring/validate/validate-schema-package.js';

// One measurement of the authoring benchmark in a fresh process (so peak RSS is its own):
// `node --import tsx bench/authoring-worker.ts <baseline|validate> <package root>`.
// Prints {"ms": <first call>, "warmMs": <median of four more>, "maxRssMiB": <peak resident memory
// after the first call>}. generate is timed as processes (authoring.bench.ts): a warm call here
// would re-generate right after the previous call deleted its output.

const [mode, root] = process.argv.slice(2) as [string, string];

/** The baseline: read every source file and JSON.parse it, nothing else. */
async function parseOnly(): Promise<void> {
  const entries = await readdir(join(root, 'src'), { recursive: true });
  const files = entries.filter((entry) => entry.endsWith('.json'));
  const texts = await Promise.all(files.map((file) => readFile(join(root, 'src', file), 'utf8')));
  for (const text of texts) JSON.parse(text);
}

async function once(): Promise<void> {
  if (mode === 'baseline') {
    await parseOnly();
  } else if (mode === 'validate') {
    const { diagnostics } = await validateSchemaPackage(root);
    if (diagnostics.length > 0) throw new Error(`bench package is not valid: ${JSON.stringify(diagnostics[0])}`);
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
}

async function timed(): Promise<number> {
  const started = performance.now();
  await once();
  return performance.now() - started;
}

// The first call is what one CLI run costs; the median of four more is the steady cost, free of
// warm-up (JIT, compiling the sot schemas), which is what growth is measured on.
const ms = await timed();
const maxRssMiB = process.resourceUsage().maxRSS / 1024;
const warm: number[] = [];
for (let round = 0; round < 4; round += 1) warm.push(await timed());
warm.sort((a, b) => a - b);
console.log(JSON.stringify({ ms, warmMs: (warm[1]! + warm[2]!) / 2, maxRssMiB }));
