import { AuthoringError } from '../authoring-error.js';

/**
 * A variant's migrations as its module exports them (docs/authoring-versions.md "Migrations"):
 * for each major `n` a step that turns props saved under `n.x` into props of `n+1.0.0`. Pure and
 * synchronous.
 */
export type VariantMigrations = Readonly<Record<string, (props: Record<string, unknown>) => Record<string, unknown>>>;

/**
 * The props of `props`, saved under major `fromMajor`, migrated step by step up to `toMajor`
 * (each step on the previous one's result; a copy first, so the caller's value never changes). A
 * missing step is `migration-missing`; a step that throws or returns something other than a plain
 * object is `migration-failed`, naming the step. `fromMajor` equal to `toMajor` returns a copy.
 */
export function runMigrationChain(
  migrations: VariantMigrations,
  fromMajor: number,
  toMajor: number,
  props: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  let current = structuredClone(props) as Record<string, unknown>;
  for (let major = fromMajor; major < toMajor; major += 1) {
    const step = Object.hasOwn(migrations, String(major)) ? migrations[String(major)] : undefined;
    if (typeof step !== 'function') {
      throw new AuthoringError('migration-missing', `no migration from major ${major} to ${major + 1}`);
    }
    let next: unknown;
    try {
      next = step(current);
    } catch (error) {
      throw new AuthoringError(
        'migration-failed',
        `the migration from major ${major} threw: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    if (typeof next !== 'object' || next === null || Array.isArray(next)) {
      throw new AuthoringError('migration-failed', `the migration from major ${major} did not return an object`);
    }
    current = next as Record<string, unknown>;
  }
  return current;
}
