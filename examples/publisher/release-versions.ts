import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogPackage } from '@runtime-component-catalog/contracts';
import compare from 'semver/functions/compare.js';
import { type PublishStores, schemaPackageDir } from '../stack/publish-schema-package.js';
import { readCatalogFile } from '../stack/read-catalog-file.js';
import { copyWithRelease } from '../stack/release-copy.js';
import { listReleases, type ReleaseOverlay, releasesDir } from '../stack/release-overlays.js';
import { type CatalogSchemaRun, runCatalogSchema } from './catalog-schema-run.js';
import { RepublishError } from './republish-error.js';
import type { PublishReleaseResult, RollbackResult, VariantVersions } from './versions-wire.js';

/** Where releases are published from and to. */
export interface ReleaseTarget {
  /** The playground's folder stores, their origins and the host (`catalog-schema publish`'s settings). */
  readonly stores: PublishStores;
  /** The state folder's `release/`: the copy a release is published from, removed after each publish. */
  readonly releaseDir: string;
  /** The schema package the copy is made of (default examples/schema-package); read, never written. */
  readonly schemaPackageDir?: string;
  /** The release overlays (default examples/releases). */
  readonly releasesDir?: string;
  /**
   * The CMS the pages live in (`npm run start:strapi`): a release that changes a component source
   * is deployed there before it is published, so the CMS can store its fields
   * (docs/playground-versions.md).
   */
  readonly cms?: ReleaseCms;
}

/** A CMS that a release's component sources are generated and deployed into. */
export interface ReleaseCms {
  /**
   * Generates the CMS with `release`'s component sources and redeploys it on the same database;
   * resolves with the lines it printed, one step each. A failure leaves the CMS as it was.
   */
  deploy(release: ReleaseOverlay): Promise<CatalogSchemaRun['steps']>;
}

/** The catalog's entry of `variant`, or `unknown-variant`. */
async function catalogEntry(stores: PublishStores, variant: string): Promise<CatalogPackage> {
  const catalog = await readCatalogFile(join(stores.artifactsDir, 'catalog.json'));
  const entry = catalog.packages.find((pkg) => pkg.id === variant);
  if (entry === undefined) throw new RepublishError('unknown-variant', `Unknown variant: ${variant}`);
  return entry;
}

/**
 * The versions of `variant`: the catalog's, every one the store's version index
 * (`<package>/versions.json`, which every publish writes) records, and its release overlays.
 */
export async function variantVersions(target: ReleaseTarget, variant: string): Promise<VariantVersions> {
  const entry = await catalogEntry(target.stores, variant);
  const index = await readFile(join(target.stores.artifactsDir, entry.package, 'versions.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { versions?: unknown }).versions,
    () => undefined,
  );
  const recorded = Array.isArray(index) ? index.filter((version) => typeof version === 'string') : [];
  const releases = await listReleases(target.releasesDir ?? releasesDir);
  return {
    variant,
    package: entry.package,
    catalogVersion: entry.version,
    published: [...new Set([...recorded, entry.version])].sort(compare),
    releases: releases.filter((release) => release.variant === variant).map((release) => release.name),
  };
}

/**
 * Publishes the release overlay `name` with the real `catalog-schema publish <variant>`: from a copy
 * of the schema package with the overlay over it (the state folder's `release/`), so publish's gate
 * checks it against what the stores hold (bump, migrations), then uploads, verifies and revalidates
 * the host. A version the stores already hold is `already-published` (a rollback makes it the
 * catalog's again): publish would only answer "up to date".
 */
export async function publishRelease(target: ReleaseTarget, name: string): Promise<PublishReleaseResult> {
  const releases = await listReleases(target.releasesDir ?? releasesDir);
  const release = releases.find((candidate) => candidate.name === name);
  if (release === undefined) {
    const known = releases.map((candidate) => candidate.name).join(', ') || 'none';
    throw new RepublishError('unknown-release', `Unknown release: ${name} (known: ${known})`);
  }
  const versions = await variantVersions(target, release.variant);
  if (versions.published.includes(release.version)) {
    throw new RepublishError(
      'already-published',
      `${release.package}@${release.version} is already published: roll back to ${release.version} to make it the catalog's`,
    );
  }
  // Expand before publish: the CMS holds the new fields (and still the old ones) before the catalog
  // lists a version whose instances need them.
  const changesComponents = release.files.some((file) => file.startsWith('src/'));
  const cmsSteps = changesComponents && target.cms !== undefined ? await target.cms.deploy(release) : [];
  await copyWithRelease(release, target.releaseDir, target.schemaPackageDir ?? schemaPackageDir);
  try {
    const run = await runCatalogSchema(['publish', '--', release.variant], target.releaseDir, target.stores);
    return {
      published: { variant: release.variant, package: release.package, version: release.version },
      steps: [...cmsSteps, ...run.steps],
      summary: run.summary,
    };
  } finally {
    await rm(target.releaseDir, { recursive: true, force: true });
  }
}

/**
 * Points the catalog's entry of `variant` at the published version `to` with the real
 * `catalog-schema rollback <variant> --to <to>` (it reads every artifact and the module back first;
 * a version never published whole is its `unknown-version`). It reads the schema package (the
 * variant's package name) and writes only to the stores.
 */
export async function rollbackRelease(target: ReleaseTarget, variant: string, to: string): Promise<RollbackResult> {
  const entry = await catalogEntry(target.stores, variant);
  // `--to=<to>` and `--`: whatever the body says is a value or an operand, never an option.
  const run = await runCatalogSchema(
    ['rollback', `--to=${to}`, '--', variant],
    target.schemaPackageDir ?? schemaPackageDir,
    target.stores,
  );
  return {
    rolledBack: { variant, package: entry.package, from: entry.version, to },
    upToDate: run.summary.startsWith('up to date'),
    ...run,
  };
}
