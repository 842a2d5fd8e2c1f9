import { type ChainFailure, runMigrationChain } from '@runtime-component-catalog/contracts';
import compare from 'semver/functions/compare.js';
import { readBoth } from './entry-version.js';
import type { VersionFailure } from './exact-version.js';
import { type PropChange, propChanges } from './prop-changes.js';

/** An instance's upgrade, computed and not applied: what it becomes and what changes. */
export interface UpgradePlan {
  /** Always true: the plan can be applied. */
  readonly ok: true;
  /** The saved version. */
  readonly from: string;
  /** The version the upgraded instance records. */
  readonly to: string;
  /** How many migration steps ran (0 within a major: the version alone changes). */
  readonly steps: number;
  /** The migrated props: a copy, sharing nothing with the saved props nor with the migrations. */
  readonly props: Record<string, unknown>;
  /** Every top-level difference from the saved props, with values (empty: the props stay as they are). */
  readonly changes: readonly PropChange[];
}

/** Why an upgrade cannot be made: a version that is not one, no way down, or a chain that stopped. */
export type UpgradeFailure = VersionFailure | ChainFailure;

/**
 * The upgrade of props saved under `savedVersion` to `targetVersion` (the catalog's), with the
 * target module's `migrations` export (docs/design.md "Versions over time"): the chain from the
 * saved major up to the target's, on a copy; nothing is written, the caller saves the plan as one
 * edit once the user accepts it. A target older than the saved version is `migration-missing`:
 * migrations only lead up, and an older minor may not accept newer props.
 */
export function planUpgrade(
  props: Readonly<Record<string, unknown>>,
  savedVersion: unknown,
  targetVersion: unknown,
  migrations: unknown,
): UpgradePlan | UpgradeFailure {
  const read = readBoth(savedVersion, targetVersion);
  if (!read.ok) return read;
  const { saved, catalog: target } = read;
  if (compare(saved.text, target.text) > 0) {
    return {
      ok: false,
      code: 'migration-missing',
      step: saved.major,
      message: `no migration leads down from ${saved.text} to ${target.text}`,
    };
  }
  const chain = runMigrationChain(migrations, saved.major, target.major, props);
  if (!chain.ok) return chain;
  return {
    ok: true,
    from: saved.text,
    to: target.text,
    steps: target.major - saved.major,
    props: chain.props,
    changes: propChanges(props, chain.props),
  };
}
