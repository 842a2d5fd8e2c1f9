import type { ComponentData, Data, PuckAction } from '@puckeditor/core';
import type { ComponentInstance } from '@runtime-component-catalog/contracts';
import { planPageUpgrade } from '../instance-versions/plan-page-upgrade.js';
import { planUpgrade, type UpgradePlan } from '../instance-versions/plan-upgrade.js';
import { SdkError } from '../sdk-error.js';
import { ROOT_ZONE } from './insert-instance.js';
import type { InstanceSource } from './instance-source.js';
import { instanceProps, savedVersionOf, VERSION_PROP } from './version-prop.js';

/** The part of Puck's API (`useGetPuck()()`) an upgrade uses. */
export interface PuckUpgradeApi {
  /** Puck's state. */
  readonly appState: {
    /** The page as Puck holds it. */
    readonly data: Data;
  };
  /** Applies an action to Puck's state (an upgrade is one, recorded in Puck's history: undo reverts it). */
  dispatch(action: PuckAction): void;
}

/** One instance's upgrade, planned: what it becomes and what changes (nothing applied yet). */
export interface InstanceUpgrade {
  /** The instance upgraded. */
  readonly instanceId: string;
  /** Its catalog package. */
  readonly packageId: string;
  /** Its versions from → to, the migrated props and every change the preview lists. */
  readonly plan: UpgradePlan;
}

/** The root-zone item of `instanceId`, and where it is. */
function itemOf(data: Data, instanceId: string): { item: ComponentData; index: number } {
  const index = data.content.findIndex((item) => item.props.id === instanceId);
  const item = data.content[index];
  if (item === undefined) throw new SdkError('not-found', `No instance ${instanceId} on the page`);
  return { item, index };
}

/**
 * Plans the upgrade of one instance to its package's catalog version (docs/sdk-versions.md
 * "Upgrade"): the catalog module's `migrations` run on a copy of its props. A chain that lacks a
 * step or throws is SdkError `migration-missing` / `migration-failed`, with the reason; nothing
 * changes.
 */
export async function planInstanceUpgrade(
  source: InstanceSource,
  data: Data,
  instanceId: string,
): Promise<InstanceUpgrade> {
  const { item } = itemOf(data, instanceId);
  const { entry, module } = await source.catalogModule(item.type);
  const props = item.props as Record<string, unknown>;
  const plan = planUpgrade(
    instanceProps(props),
    savedVersionOf(props) ?? entry.version,
    entry.version,
    module.migrations,
  );
  if (!plan.ok) throw new SdkError(plan.code, `${instanceId} cannot be upgraded: ${plan.message}`);
  return { instanceId, packageId: item.type, plan };
}

/** Applies a planned upgrade as one Puck change (one save, one revision; Puck's undo reverts it). */
export function applyInstanceUpgrade(api: PuckUpgradeApi, upgrade: InstanceUpgrade): void {
  const { item, index } = itemOf(api.appState.data, upgrade.instanceId);
  api.dispatch({
    type: 'replace',
    destinationIndex: index,
    destinationZone: ROOT_ZONE,
    data: { type: item.type, props: upgradedProps(upgrade.instanceId, upgrade.plan) },
  });
}

/**
 * Plans the upgrade of every instance of the page behind its package's catalog version, all or
 * nothing (one failing chain and nothing is to apply: SdkError with every reason).
 */
export async function planPageInstancesUpgrade(source: InstanceSource, data: Data): Promise<InstanceUpgrade[]> {
  const packages = [...new Set(data.content.map((item) => item.type))];
  const catalog = await Promise.all(packages.map((packageId) => source.catalogModule(packageId)));
  const versions = new Map<string, string>();
  const migrations = new Map<string, unknown>();
  for (const { entry, module } of catalog) {
    versions.set(entry.id, entry.version);
    migrations.set(entry.id, module.migrations);
  }
  const instances: ComponentInstance[] = data.content.map((item) => {
    const props = item.props as Record<string, unknown>;
    return {
      id: String(props.id),
      packageId: item.type,
      package: '',
      version: savedVersionOf(props) ?? versions.get(item.type) ?? '',
      props: instanceProps(props),
    };
  });
  const page = planPageUpgrade(instances, versions, migrations);
  if (!page.result.ok) {
    const reasons = page.result.failures.map((failure) => `${failure.instanceId}: ${failure.message}`).join('; ');
    const [first] = page.result.failures;
    throw new SdkError(first?.code ?? 'migration-failed', `The page cannot be upgraded: ${reasons}`);
  }
  return page.instances.flatMap(({ instanceId, packageId, plan }) =>
    plan.ok ? [{ instanceId, packageId, plan }] : [],
  );
}

/** Applies a page's planned upgrades as one Puck change (one save, one revision; undo reverts all). */
export function applyPageUpgrade(api: PuckUpgradeApi, upgrades: readonly InstanceUpgrade[]): void {
  const byId = new Map(upgrades.map((upgrade) => [upgrade.instanceId, upgrade.plan]));
  api.dispatch({
    type: 'setData',
    recordHistory: true,
    data: (previous) => ({
      content: previous.content.map((item) => {
        const id = String(item.props.id);
        const plan = byId.get(id);
        return plan === undefined ? item : { ...item, props: upgradedProps(id, plan) };
      }),
    }),
  });
}

function upgradedProps(instanceId: string, plan: UpgradePlan): Record<string, unknown> & { id: string } {
  return { ...plan.props, id: instanceId, [VERSION_PROP]: plan.to };
}
