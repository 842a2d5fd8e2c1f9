import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import fc from 'fast-check';
import { commandKindsOf } from './command-arbitrary.js';
import { startPageModel } from './page-model-server.js';
import { PageModelViolation } from './page-model-violation.js';

// A survey of the model (not a test): one Strapi, many seeds, each checked like the test (stopping
// at its first failure and shrinking it), every failure kept; the report lists each violation code
// with the seeds that found it and the shortest counterexample, its trail included (rewritten
// after each seed, so an interrupted survey keeps what it found). Usage (after `npm run build`):
//   node --import tsx testing/strapi/page-model/survey.ts [seeds=10] [first seed=1] [runs per seed=30] [report=.tmp/page-model-survey.md]

const seeds = Number(process.argv[2] ?? 10);
const firstSeed = Number(process.argv[3] ?? 1);
const runsPerSeed = Number(process.argv[4] ?? 30);
const reportPath = process.argv[5] ?? '.tmp/page-model-survey.md';
const maxCommands = 16;
// PAGE_MODEL_WITHOUT=clone,slug leaves kinds of command out, as in the test.
const without = commandKindsOf(process.env.PAGE_MODEL_WITHOUT);

interface Finding {
  readonly seeds: number[];
  seed: number;
  counterexample: string;
  message: string;
  path: string;
}

const findings = new Map<string, Finding>();
const perSeed: string[] = [];
let passed = 0;

function report(checked: number): string {
  const sections = [...findings].map(([code, finding]) =>
    [
      `## ${code}`,
      '',
      `Seeds: ${finding.seeds.join(', ')} (the shortest below: seed ${finding.seed}, path ${finding.path})`,
      '',
      '```',
      finding.counterexample,
      '',
      finding.message,
      '```',
      '',
    ].join('\n'),
  );
  const leftOut = without.size === 0 ? '' : `, without ${[...without].join(', ')}`;
  const head = `${checked} of ${seeds} seeds from ${firstSeed} (${runsPerSeed} sequences of at most ${maxCommands} commands each${leftOut}): ${passed} passed`;
  return `# Page model survey\n\n${head}\n\n${perSeed.join('\n')}\n\n${sections.join('\n')}`;
}

await mkdir(dirname(reportPath), { recursive: true });
const model = await startPageModel();
try {
  for (let index = 0; index < seeds; index++) {
    const seed = firstSeed + index;
    const details = await fc.check(model.property({ maxCommands, without }), {
      seed,
      numRuns: runsPerSeed,
      plugins: [fc.interruptAfterTimeLimit(600_000)],
    });
    const error = details.errorInstance;
    if (!details.failed || details.counterexample === null) passed += 1;
    else {
      const code = error instanceof PageModelViolation ? error.code : 'error';
      const counterexample = fc.stringify(details.counterexample);
      const message = error instanceof Error ? error.message : String(error);
      const found = findings.get(code);
      const path = details.counterexamplePath ?? '';
      if (found === undefined) findings.set(code, { seeds: [seed], seed, counterexample, message, path });
      else {
        found.seeds.push(seed);
        if (counterexample.length < found.counterexample.length)
          Object.assign(found, { seed, counterexample, message, path });
      }
    }
    const firstLine = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const line = details.failed ? `${fc.stringify(details.counterexample)}: ${firstLine}` : 'passed';
    perSeed.push(`- seed ${seed}: ${line}`);
    process.stdout.write(`seed ${seed}: ${line}\n`);
    await writeFile(reportPath, report(index + 1));
  }
} finally {
  await model.close();
}
process.stdout.write(`${report(seeds).split('\n')[2]}\n${reportPath}\n`);
