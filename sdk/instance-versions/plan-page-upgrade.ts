import type { ComponentInstance } from '@runtime-component-catalog/contracts';
import { behind } from './behind.js';
import { planUpgrade, type UpgradeFailure, type UpgradePlan } from './plan-upgrade.js';

/** The upgrade planned for one instance of a page, or why it cannot be made. */
export interface InstancePlan {
  /** The instance planned. */
  readonly instanceId: string;
  /** Its catalog package. */
  readonly packageId: string;
  /** What it becomes, or why it cannot be upgraded. */
  readonly plan: UpgradePlan | UpgradeFailure;
}

/** Why one instance of a page cannot be upgraded. */
export type InstanceFailure = UpgradeFailure & {
  /** The instance. */
  readonly instanceId: string;
};

/** A page's upgrade: one plan per instance behind its catalog version, and the page's all-or-nothing result. */
export interface PageUpgradePlan {
  /** In page order; instances up to date, ahead of the catalog, or of a package it lacks are not listed. */
  readonly instances: readonly InstancePlan[];
  /**
   * Every instance upgraded, as the page's new content (the others are the same objects as
   * given), to save as one edit; or, when any plan failed, nothing to apply and every reason.
   */
  readonly result:
    | {
        /** Every plan succeeded. */
        readonly ok: true;
        /** The page's new content, in order. */
        readonly content: readonly ComponentInstance[];
      }
    | {
        /** At least one plan failed: nothing to apply. */
        readonly ok: false;
        /** Every reason, each with its instance. */
        readonly failures: readonly InstanceFailure[];
      };
}

/**
 * The explicit upgrade of a page (docs/design.md "Versions over time"): every instance whose saved
 * version is behind its package's catalog version is planned with that package's `migrations`
 * (the catalog module's export, read as untrusted). All or nothing: one failure and nothing is to
 * apply, since a page half upgraded would be a revision nobody asked for. Both maps are keyed by
 * the catalog package id (`instance.packageId`). An instance whose saved version is not one exact
 * version cannot be placed and fails the page (`invalid-version`).
 */
export function planPageUpgrade(
  instances: readonly ComponentInstance[],
  catalogVersions: ReadonlyMap<string, string>,
  migrations: ReadonlyMap<string, unknown>,
): PageUpgradePlan {
  const planned: InstancePlan[] = [];
  /** By position: ids are unique within a page, but a plan must never land on another instance. */
  const upgraded = new Map<number, UpgradePlan>();
  for (const [index, instance] of instances.entries()) {
    const catalogVersion = catalogVersions.get(instance.packageId);
    if (catalogVersion === undefined) continue;
    const distance = behind(instance.version, catalogVersion);
    if (distance.ok && distance.status !== 'behind') continue;
    const plan = distance.ok
      ? planUpgrade(instance.props, instance.version, catalogVersion, migrations.get(instance.packageId))
      : distance;
    planned.push({ instanceId: instance.id, packageId: instance.packageId, plan });
    if (plan.ok) upgraded.set(index, plan);
  }
  const failures = planned.flatMap(({ instanceId, plan }) => (plan.ok ? [] : [{ ...plan, instanceId }]));
  if (failures.length > 0) return { instances: planned, result: { ok: false, failures } };
  const content = instances.map((instance, index) => {
    const plan = upgraded.get(index);
    return plan === undefined ? instance : { ...instance, version: plan.to, props: plan.props };
  });
  return { instances: planned, result: { ok: true, content } };
}
