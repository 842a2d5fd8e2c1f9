import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import fc from 'fast-check';
import { checkSpec } from './check-spec.js';
import { packageArbitrary } from './package-arbitrary.js';
import { printPackage } from './package-files.js';

// A long exploratory run of the property (not a test): every sampled package is checked, none
// stops the run, and every package that validates but fails in Strapi is written to a findings
// report (rewritten after each package, so an interrupted run keeps what it found). Usage (after
// `npm run build`):
//   node --import tsx testing/strapi/property/survey.ts [runs=100] [seed=1] [report=.tmp/strapi-property-survey.md]

const runs = Number(process.argv[2] ?? 100);
const seed = Number(process.argv[3] ?? 1);
const reportPath = process.argv[4] ?? '.tmp/strapi-property-survey.md';

const counts = { refused: 0, passed: 0, failed: 0 };
const findings: string[] = [];
const summary = (checked: number) =>
  `${checked} of ${runs} packages, seed ${seed}: ${counts.refused} refused by validate, ${counts.passed} booted and passed, ${counts.failed} validated but failed`;

await mkdir(dirname(reportPath), { recursive: true });
const samples = fc.sample(packageArbitrary, { seed, numRuns: runs });
for (const [index, spec] of samples.entries()) {
  const { files, outcome } = await checkSpec(spec);
  counts[outcome.status] += 1;
  process.stdout.write(`${index + 1}/${runs} ${outcome.status}\n`);
  if (outcome.status === 'failed') {
    findings.push(
      [
        `## sample ${index + 1} (seed ${seed}): ${outcome.step}`,
        '',
        '```',
        printPackage(files),
        '```',
        '',
        ...outcome.problems.map((problem) => `- ${problem.replaceAll('\n', ' ')}`),
        '',
      ].join('\n'),
    );
  }
  await writeFile(reportPath, `# Strapi property survey\n\n${summary(index + 1)}\n\n${findings.join('\n')}`);
}
process.stdout.write(`${summary(runs)}\n${reportPath}\n`);
