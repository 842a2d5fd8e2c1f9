import fc from 'fast-check';
import { knownSequences } from './known-sequences.js';
import { startPageModel } from './page-model-server.js';

// Each known sequence on its own (not a test; the test stops at the first that fails): what the
// model says of it against the guard the built CLI generates. Usage (after `npm run build`):
//   node --import tsx testing/strapi/page-model/replay-known.ts

const model = await startPageModel();
try {
  for (const [index, example] of knownSequences.entries()) {
    const details = await fc.check(model.property({ maxCommands: 16 }), {
      examples: [example],
      numRuns: 1,
      endOnFailure: true,
    });
    const failed = details.failed && details.counterexample !== null;
    const verdict = failed ? (details.errorInstance as Error).message : 'kept every rule';
    process.stdout.write(`\n## known sequence ${index + 1}: [${fc.stringify(example[0])}]\n${verdict}\n`);
  }
} finally {
  await model.close();
}
