import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { AuthoringError } from '../authoring-error.js';
import { majorOf } from './bump.js';
import { runMigrationChain, type VariantMigrations } from './migration-chain.js';
import type { PublishedVersion } from './published-version.js';
import { schemaArbitrary } from './schema-arbitrary.js';
import { schemaChanges } from './schema-changes.js';

/** Props generated from each earlier schema: at least 200 (docs/authoring-versions.md "Migrations"). */
export const generatedRuns = 200;
/** A fixed seed: the same sources always try the same inputs, so a failure reproduces. */
const seed = 20_240_601;
/** An input shown in a message at most this long. */
const maxShown = 2_000;

/** What the migration checks of one variant version run on. */
export interface MigrationCheck {
  readonly package: string;
  readonly version: string;
  /** The props schema of `version` (meta.json's `schema`). */
  readonly schema: unknown;
  /** The module's `migrations`; undefined when the variant has none. */
  readonly migrations: VariantMigrations | undefined;
  /** The last published version of each earlier major, in major order. */
  readonly earlier: readonly PublishedVersion[];
  /** Generated props per earlier major (default {@link generatedRuns}). */
  readonly runs?: number;
}

const plainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A validator of `schema`, or undefined when ajv cannot compile it. */
function compile(schema: unknown): ValidateFunction | undefined {
  try {
    return new Ajv({ strict: false, logger: false, validateSchema: false }).compile(schema as object);
  } catch {
    return undefined;
  }
}

const shownInput = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > maxShown ? `${text.slice(0, maxShown)}...` : text;
};

/** One chain tried: the start version and how many generated props its schema accepted and the chain passed. */
export interface MigrationTrial {
  readonly from: string;
  readonly generated: number;
}

/**
 * The migrations with a step of identity for each major whose schema changes break nothing; a
 * missing step across breaking changes is `migration-missing`, each change named.
 */
function coveredSteps(check: MigrationCheck, toMajor: number): VariantMigrations {
  const steps: Record<string, VariantMigrations[string]> = { ...check.migrations };
  const schemas = [
    ...check.earlier.map((version) => ({ major: majorOf(version.version), schema: version.schema })),
    { major: toMajor, schema: check.schema },
  ];
  for (let index = 0; index + 1 < schemas.length; index += 1) {
    const from = schemas[index] as (typeof schemas)[number];
    const to = schemas[index + 1] as (typeof schemas)[number];
    const breaking = schemaChanges(from.schema, to.schema).filter((found) => found.bump === 'major');
    for (let major = from.major; major < to.major; major += 1) {
      if (Object.hasOwn(steps, String(major))) continue;
      if (breaking.length > 0) {
        throw new AuthoringError(
          'migration-missing',
          `${check.package}@${check.version}: no migration from major ${major} (export migrations["${major}"] from src/migrations.ts) covers the breaking changes since major ${from.major}:\n${breaking.map((found) => `  props ${found.path}: ${found.detail}`).join('\n')}`,
        );
      }
      steps[String(major)] = (props) => props;
    }
  }
  return steps;
}

/**
 * Runs every migration chain of a variant version (docs/authoring-versions.md "Migrations"): from
 * each earlier published major, on that version's data.json and on {@link generatedRuns} props
 * generated from its schema (fast-check, fixed seed; kept when the old schema accepts them), each
 * result checked by ajv against the new schema. A throw or a rejected result is `migration-failed`
 * naming the start version and the input (fast-check's shrunk counterexample for generated props).
 */
export function checkMigrations(check: MigrationCheck): MigrationTrial[] {
  const toMajor = majorOf(check.version);
  const tried: MigrationTrial[] = [];
  if (check.earlier.length === 0 || Number.isNaN(toMajor)) return tried;
  const steps = coveredSteps(check, toMajor);
  const accepts = compile(check.schema);
  if (accepts === undefined)
    throw new AuthoringError(
      'migration-failed',
      `${check.package}@${check.version}: its props schema does not compile, so no migration result can be checked`,
    );
  for (const earlier of check.earlier) {
    const fromMajor = majorOf(earlier.version);
    const fail = (what: string, input: unknown, reason: string) =>
      new AuthoringError(
        'migration-failed',
        `${check.package}: the chain from ${earlier.version} (major ${fromMajor}) to ${check.version} failed on ${what}: ${reason}\n  input: ${shownInput(input)}`,
      );
    /** Why the chain fails on `props`, or undefined when its result is valid. */
    const failure = (props: Record<string, unknown>): string | undefined => {
      let result: Record<string, unknown>;
      try {
        result = runMigrationChain(steps, fromMajor, toMajor, props);
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      if (accepts(result)) return undefined;
      const first = accepts.errors?.[0];
      const where = first?.instancePath || '(root)';
      return `the result is rejected by the ${check.version} schema: ${where} ${first?.message ?? 'is invalid'}\n  result: ${shownInput(result)}`;
    };
    if (plainObject(earlier.data)) {
      const reason = failure(earlier.data);
      if (reason !== undefined) throw fail(`its data.json`, earlier.data, reason);
    }
    const old = compile(earlier.schema);
    // fc.pre, not .filter: a schema the generator cannot satisfy ends in skipped runs, never a loop.
    const property = fc.property(schemaArbitrary(earlier.schema), (value) => {
      fc.pre(plainObject(value) && (old === undefined || old(value) === true));
      return failure(value as Record<string, unknown>) === undefined;
    });
    const details = fc.check(property, { numRuns: check.runs ?? generatedRuns, seed });
    if (details.failed && details.counterexample !== null) {
      const [input] = details.counterexample;
      throw fail(
        'props generated from its schema (shrunk)',
        input,
        failure(input as Record<string, unknown>) ?? 'failed',
      );
    }
    tried.push({ from: earlier.version, generated: details.numRuns });
  }
  return tried;
}
