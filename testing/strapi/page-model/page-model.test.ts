import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandKindsOf } from './command-arbitrary.js';
import { tally } from './command-tally.js';
import { knownSequences } from './known-sequences.js';
import { type PageModelServer, startPageModel } from './page-model-server.js';

// The revision guard of a page collection (docs/strapi-pages.md) as a stateful model-based test:
// random interleavings of SDK page stores, a REST client and the content manager reading, saving,
// renaming, publishing, unpublishing, discarding, cloning, deleting and re-creating pages in `en`
// and `fr`, against one real Strapi 5.54 (examples/schema-package, js) for the file; every
// sequence has its own page ids. After every command the model checks that no write based on a
// stale read was accepted, that revisions only grow and never name two contents, and that page
// ids are unique per locale (README.md here).
//
// `npm test` checks 40 sequences, the known ones first, within 90 s (PAGE_MODEL_RUNS=<n>: n, within
// 20 s each). A failure is shrunk (each step replays a sequence against Strapi) and
// fast-check prints its seed, path and replayPath: PAGE_MODEL_SEED, PAGE_MODEL_PATH and
// PAGE_MODEL_REPLAY replay it. PAGE_MODEL_COMMANDS bounds a sequence (16); PAGE_MODEL_WITHOUT=
// clone,slug leaves kinds of command out (command-arbitrary.ts), to look at one rule at a time.

const runs = Number(process.env.PAGE_MODEL_RUNS ?? 40);
const long = process.env.PAGE_MODEL_RUNS !== undefined;
const seed = process.env.PAGE_MODEL_SEED === undefined ? undefined : Number(process.env.PAGE_MODEL_SEED);
const path = process.env.PAGE_MODEL_PATH;
const maxCommands = Number(process.env.PAGE_MODEL_COMMANDS ?? 16);
const without = commandKindsOf(process.env.PAGE_MODEL_WITHOUT);
const replayPath = process.env.PAGE_MODEL_REPLAY;
// Bounded: the runs, and a failure's shrinking, stop after this budget, so that the file stays
// near two minutes on a loaded machine; an interrupted check that found nothing passes with the
// sequences it ran (printed).
const budgetMs = long ? runs * 20_000 : 90_000;

let model: PageModelServer;

beforeAll(async () => {
  model = await startPageModel();
});

afterAll(async () => {
  await model?.close();
});

describe('the revision guard, model-based (fast-check commands against real Strapi)', () => {
  it(
    `keeps every rule over ${runs} random sequences of at most ${maxCommands} commands`,
    async () => {
      await fc.assert(model.property({ maxCommands, without, ...(replayPath === undefined ? {} : { replayPath }) }), {
        numRuns: runs,
        examples: knownSequences,
        ...(seed === undefined ? {} : { seed }),
        ...(path === undefined ? {} : { path }),
        plugins: [fc.interruptAfterTimeLimit(budgetMs)],
      });
      const counts = [...tally].sort(([a], [b]) => a.localeCompare(b)).map(([what, n]) => `${what} ${n}`);
      console.log(`page model: ${model.sequences} sequences; ${counts.join(', ')}`);
      // Not vacuous: writes were taken, and stale ones were there to refuse.
      expect(tally.get('write accepted') ?? 0).toBeGreaterThan(0);
      expect(tally.get('write refused (stale read)') ?? 0).toBeGreaterThan(0);
    },
    budgetMs + 120_000,
  );
});
