import { AuthoringError } from '../authoring-error.js';
import type { AuthoringConfig } from '../config/authoring-config.js';
import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import type { CompiledSchema } from '../model/compiled-schema.js';
import { readVariantPackage, type VariantPackage } from '../model/variant-package.js';
import { readVariantSources } from '../publish/variant-artifacts.js';
import { bumpCovers, majorOf } from './bump.js';
import { checkMigrations, type MigrationTrial } from './check-migrations.js';
import { loadVariantMigrations } from './load-migrations.js';
import { attributesSnapshot, variantComponent } from './published-record.js';
import type { PublishedSource } from './published-source.js';
import { indexedVersions, lastOfEarlierMajors, readPublishedVersion } from './published-version.js';
import { diffVariant, formatChange, type VariantDiff, type VariantState } from './variant-diff.js';

/** The catalog's key in the artifacts store, as publish writes it. */
export const catalogKeyOf = (config: AuthoringConfig) => config.publish?.catalog ?? 'catalog.json';

/** A variant package and its state now; `version` overrides package.json's (changeset:version's plan). */
export async function readVariantState(
  root: string,
  config: AuthoringConfig,
  compiled: CompiledSchema,
  variant: string,
  version?: string,
): Promise<{ pkg: VariantPackage; state: VariantState }> {
  const read = await readVariantPackage(root, config.packages, config.scope, variant);
  if (!read.ok)
    throw new AuthoringError('publish-invalid-variant', `${variant}: ${read.error.map(formatDiagnostic).join('; ')}`);
  const pkg = read.value;
  const { meta } = await readVariantSources(root, pkg);
  const component = variantComponent(compiled, meta);
  return {
    pkg,
    state: {
      variant,
      package: pkg.name,
      version: version ?? pkg.version,
      schema: meta.schema,
      attributes: component === undefined ? undefined : attributesSnapshot(component),
    },
  };
}

/** Refuses a version whose bump is smaller than its changes need: `bump-too-small`, each change named. */
export function requireBump(diff: VariantDiff): void {
  if (bumpCovers(diff.bump, diff.needed)) return;
  const given = diff.bump === 'none' ? 'no bump' : `a ${diff.bump} bump`;
  const needing = diff.changes.filter((found) => !bumpCovers(diff.bump, found.bump));
  throw new AuthoringError(
    'bump-too-small',
    `${diff.package} ${diff.published} -> ${diff.version} is ${given}; its changes need ${diff.needed}:\n${needing.map((found) => `  ${formatChange(found)}`).join('\n')}`,
  );
}

/** What the gate found for one variant. */
export interface VariantGate {
  readonly diff: VariantDiff;
  /** The chains tried, one per earlier published major. */
  readonly migrations: readonly MigrationTrial[];
  /** The variant as its source has it. */
  readonly state: VariantState;
}

/**
 * The migration checks of a variant version against its earlier published majors (the catalog's
 * version and `<package>/versions.json`), with the migrations its source exports.
 */
export async function checkVariantMigrations(
  root: string,
  source: PublishedSource,
  pkg: VariantPackage,
  state: VariantState,
  published: string | null,
  options: { runs?: number } = {},
): Promise<MigrationTrial[]> {
  const versions = await indexedVersions(source, state.package);
  if (published !== null) versions.push(published);
  const earlier = lastOfEarlierMajors(versions, majorOf(state.version));
  if (earlier.length === 0) return [];
  const migrations = await loadVariantMigrations(root, pkg);
  return checkMigrations({
    package: state.package,
    version: state.version,
    schema: state.schema,
    migrations,
    earlier: await Promise.all(earlier.map((version) => readPublishedVersion(source, state.package, version))),
    ...(options.runs === undefined ? {} : { runs: options.runs }),
  });
}

/**
 * The publish gate for one variant (docs/authoring-versions.md "The publish gate"): its changes
 * since the last published version must fit its bump (`bump-too-small`), and with `migrations`
 * every migration chain from an earlier major must pass (`migration-missing`, `migration-failed`).
 */
export async function gateVariant(
  root: string,
  config: AuthoringConfig,
  compiled: CompiledSchema,
  source: PublishedSource,
  target: { variant: string; version?: string; migrations: boolean },
): Promise<VariantGate> {
  const { pkg, state } = await readVariantState(root, config, compiled, target.variant, target.version);
  const diff = await diffVariant(source, catalogKeyOf(config), state);
  requireBump(diff);
  const migrations = target.migrations ? await checkVariantMigrations(root, source, pkg, state, diff.published) : [];
  return { diff, migrations, state };
}
