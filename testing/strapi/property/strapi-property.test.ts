import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSpec } from './check-spec.js';
import { packageArbitrary } from './package-arbitrary.js';
import { printPackage } from './package-files.js';

// The property: every schema package that `catalog-schema validate` accepts generates, boots in
// real Strapi 5 and passes the query and link checks, and Strapi holds exactly the generator's
// model. A package that validates but fails in Strapi is a CLI bug (or a rule validate lacks).
//
// Seeded, so every run checks the same packages: STRAPI_PROPERTY_SEED picks others,
// STRAPI_PROPERTY_RUNS checks more (each one that validates costs a Strapi boot, a few seconds),
// STRAPI_PROPERTY_SHRINK=1 shrinks a failure (a boot per step: slow). A long run that records
// every failure instead of stopping at the first: testing/strapi/property/survey.ts.

const seed = Number(process.env.STRAPI_PROPERTY_SEED ?? 17);
const numRuns = Number(process.env.STRAPI_PROPERTY_RUNS ?? 40);
const shrink = process.env.STRAPI_PROPERTY_SHRINK === '1';

describe('schema packages in real Strapi 5 (property)', () => {
  it(`every package that validates boots, queries and links (seed ${seed}, ${numRuns} packages)`, async () => {
    const counts = { refused: 0, passed: 0, failed: 0, passedTypescript: 0 };
    await fc.assert(
      fc.asyncProperty(packageArbitrary, async (spec) => {
        const { files, outcome } = await checkSpec(spec);
        counts[outcome.status] += 1;
        if (outcome.status === 'passed' && spec.language === 'ts') counts.passedTypescript += 1;
        if (outcome.status === 'failed') {
          throw new Error(
            `validate accepted this package, but ${outcome.step} failed:\n${outcome.problems.join('\n')}\n\npackage:\n${printPackage(files)}`,
          );
        }
      }),
      { seed, numRuns, endOnFailure: !shrink },
    );
    console.log(
      `Strapi property (seed ${seed}): ${counts.passed} packages booted and passed (${counts.passedTypescript} in TypeScript), ${counts.refused} refused by validate`,
    );
    // Not vacuous: the seeded sample boots packages in Strapi.
    expect(counts.passed).toBeGreaterThan(0);
  });
});
