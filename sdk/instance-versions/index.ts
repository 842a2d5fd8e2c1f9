/**
 * Instance versions (`./sdk/instance-versions`, docs/sdk-versions.md): which entry a saved
 * instance renders with, how far it is behind the catalog, and explicit upgrades through a
 * module's `migrations`, planned without writing anything. For editors without the Puck adapter,
 * which uses them itself.
 *
 * @packageDocumentation
 */
export type { ChainFailure, MigrationStep } from '@runtime-component-catalog/contracts';
export { behind, type VersionDistance } from './behind.js';
export { type EditedVersion, type EntryVersion, entryVersionFor, versionOnEdit } from './entry-version.js';
export type { ExactVersion, VersionFailure } from './exact-version.js';
export { type InstanceFailure, type InstancePlan, type PageUpgradePlan, planPageUpgrade } from './plan-page-upgrade.js';
export { planUpgrade, type UpgradeFailure, type UpgradePlan } from './plan-upgrade.js';
export type { PropChange } from './prop-changes.js';
