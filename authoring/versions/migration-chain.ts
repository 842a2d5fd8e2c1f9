import { type MigrationStep, runMigrationChain as runChain } from '@runtime-component-catalog/contracts';
import { AuthoringError } from '../authoring-error.js';

/**
 * A variant's migrations as its module exports them (docs/authoring-versions.md "Migrations"):
 * for each major `n` a step that turns props saved under `n.x` into props of `n+1.0.0`. Pure and
 * synchronous.
 */
export type VariantMigrations = Readonly<Record<string, MigrationStep>>;

/**
 * The props of `props`, saved under major `fromMajor`, migrated step by step up to `toMajor` by
 * the chain the SDK's upgrade runs too (contracts' `runMigrationChain`: on copies, so the caller's
 * value never changes), thrown as an AuthoringError: a missing step is `migration-missing`; a step
 * that throws, or returns something other than a plain object that can be saved, is
 * `migration-failed`, naming the step. `fromMajor` equal to `toMajor` returns a copy.
 */
export function runMigrationChain(
  migrations: VariantMigrations,
  fromMajor: number,
  toMajor: number,
  props: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const result = runChain(migrations, fromMajor, toMajor, props);
  if (result.ok) return result.props;
  throw new AuthoringError(result.code, result.message, result.cause === undefined ? {} : { cause: result.cause });
}
