import { attributeChangesBetween } from '../authoring/versions/attribute-changes.js';
import { checkMigrations } from '../authoring/versions/check-migrations.js';
import { schemaChanges } from '../authoring/versions/schema-changes.js';
import { type BenchRow, median, reportRow } from './bench-row.js';

// The version checks of a publish (docs/authoring-versions.md "Cost"): `diff` of the props schema
// and the Strapi attributes, plus the migration chain on data.json and 200 generated props, for
// 100 variants, in memory (the store reads are publish's own cost). The baseline is `diff` alone.

const VARIANTS = 100;
const ROUNDS = 3;

/** A hero-like props schema of major `major`: 1 has `title`, 2 renamed it `heading`. */
function schemaOf(major: number, index: number) {
  const title = major === 1 ? 'title' : 'heading';
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    required: ['cmp_variant', title],
    properties: {
      cmp_variant: { type: 'string', const: `hero${index}` },
      [title]: { type: 'string', maxLength: 80 },
      subtitle: { type: 'string' },
      theme: { type: 'string', enum: ['light', 'dark'] },
      fullHeight: { type: 'boolean' },
      cta: { $ref: '#/definitions/button' },
    },
    definitions: {
      button: {
        type: 'object',
        required: ['label', 'path'],
        properties: {
          label: { type: 'string', maxLength: 40 },
          path: { type: 'string' },
          size: { enum: ['sm', 'md', 'lg'] },
        },
      },
    },
  };
}

const attributes = (major: number) => ({
  cmp_variant: { type: 'string', required: true },
  [major === 1 ? 'title' : 'heading']: { type: 'string', required: true, maxLength: 80 },
  subtitle: { type: 'text', required: false },
  theme: { type: 'enumeration', enum: ['light', 'dark'], required: false, default: 'light' },
});

const migrations = { 1: ({ title, ...rest }: Record<string, unknown>) => ({ ...rest, heading: title }) };

function diffs(): number {
  let changes = 0;
  for (let index = 0; index < VARIANTS; index += 1) {
    changes += schemaChanges(schemaOf(1, index), schemaOf(2, index)).length;
    changes += attributeChangesBetween(attributes(1), attributes(2)).length;
  }
  return changes;
}

function withMigrations(): number {
  let changes = diffs();
  for (let index = 0; index < VARIANTS; index += 1) {
    const trials = checkMigrations({
      package: `@acme/ui-hero${index}`,
      version: '2.0.0',
      schema: schemaOf(2, index),
      migrations,
      earlier: [
        {
          version: '1.4.0',
          schema: schemaOf(1, index),
          data: { cmp_variant: `hero${index}`, title: 'Hi' },
          attributes: undefined,
        },
      ],
    });
    changes += trials.length;
  }
  return changes;
}

function msOf(run: () => number): number {
  const rounds: number[] = [];
  for (let round = 0; round <= ROUNDS; round += 1) {
    const started = process.hrtime.bigint();
    run();
    if (round > 0) rounds.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(rounds);
}

/** `diff` plus the migration checks for 100 variants, against `diff` alone, in this process. */
export async function versionChecksBench(): Promise<BenchRow> {
  const diffOnly = msOf(diffs);
  const full = msOf(withMigrations);
  return reportRow(
    `versions: diff and migration checks (data.json + 200 generated props), ${VARIANTS} variants`,
    `${full.toFixed(0)} ms`,
    `${diffOnly.toFixed(1)} ms diff alone`,
    full / diffOnly,
  );
}
