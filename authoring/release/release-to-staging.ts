import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import { esmShPaths } from '../model/esm-sh-paths.js';
import type { ReleasePackage } from './changeset-packages.js';
import { npmPack, npmPublish, type PackedTarball } from './npm-publish.js';
import { RegistryReader } from './registry-reader.js';
import type { PublishRunOptions, RegistryTarget } from './release-registries.js';
import { withScratchFolder } from './scratch-folder.js';

/** What `release --staging` did with one variant package. */
export interface StagingRelease {
  readonly name: string;
  readonly variant: string;
  readonly version: string;
  /** `already-published`: the registry has the version (a re-run); `private`: package.json says so. */
  readonly status: 'published' | 'would-publish' | 'already-published' | 'private';
  /** The integrity of the tarball published (or that would be), null when none was packed. */
  readonly integrity: string | null;
}

/** How to release: the staging registry, and the run's options (tag: `staging`). */
export interface ReleaseToStagingOptions extends PublishRunOptions {
  readonly registry: RegistryTarget;
}

const command = 'release --staging';

/** The variants whose dist/ was not built for the version package.json has now (after changeset:version, say). */
function unbuilt(root: string, variants: readonly ReleasePackage[]): ReleasePackage[] {
  return variants.filter((pkg) => !existsSync(resolve(root, pkg.dir, 'dist', esmShPaths(pkg).stub)));
}

/**
 * `release --staging` (spec 9.5): publishes every variant package whose version the staging
 * registry does not have, with dist-tag `tag`, and reads each back. Everything that can fail
 * before a publish is checked for all packages first (a build for the current version, the
 * registry's answer, npm pack); then each is published in turn and its integrity compared with
 * the registry's. A registry cannot take a version back, so a failure halfway leaves the packages
 * already published there, and a re-run skips them: it resumes.
 */
export async function releaseToStaging(
  root: string,
  variants: readonly ReleasePackage[],
  options: ReleaseToStagingOptions,
): Promise<StagingRelease[]> {
  const { registry, progress } = options;
  const publishable = variants.filter((pkg) => pkg.manifest.private !== true);
  const stale = unbuilt(root, publishable);
  if (stale.length > 0)
    throw new AuthoringError(
      'release-not-built',
      `${command}, check build: ${stale.map((pkg) => `${pkg.name}@${pkg.version}`).join(', ')} ${stale.length === 1 ? 'has' : 'have'} no dist/ built for ${stale.length === 1 ? 'its' : 'their'} version: run catalog-schema build ${stale.map((pkg) => pkg.variant).join(' ')} first`,
    );
  const reader = new RegistryReader(registry);
  const onRegistry = await reader.packages(
    publishable.map((pkg) => pkg.name),
    `${command}, check staging`,
  );

  const results: StagingRelease[] = [];
  const pending: ReleasePackage[] = [];
  for (const pkg of variants) {
    const coordinates = `${pkg.name}@${pkg.version}`;
    if (pkg.manifest.private === true) {
      progress(`${coordinates}: private, not released`);
      results.push({ name: pkg.name, variant: pkg.variant, version: pkg.version, status: 'private', integrity: null });
    } else if (onRegistry.get(pkg.name)?.versions.has(pkg.version)) {
      progress(`${coordinates}: already on the staging registry, skipped`);
      const integrity = onRegistry.get(pkg.name)?.versions.get(pkg.version)?.integrity ?? null;
      results.push({
        name: pkg.name,
        variant: pkg.variant,
        version: pkg.version,
        status: 'already-published',
        integrity,
      });
    } else {
      pending.push(pkg);
    }
  }
  if (pending.length === 0) return results;

  await withScratchFolder(async (dir) => {
    const packed = new Map<ReleasePackage, PackedTarball>();
    for (const pkg of pending) {
      const tarball = await npmPack(
        resolve(root, pkg.dir),
        dir,
        registry,
        options.env,
        `${command}, pack ${pkg.name}@${pkg.version}`,
      );
      packed.set(pkg, tarball);
      progress(`${pkg.name}@${pkg.version}: packed (${tarball.integrity})`);
    }
    for (const pkg of pending) {
      const tarball = packed.get(pkg);
      // Every pending package was packed just above.
      if (tarball === undefined) throw new Error(`${pkg.name}@${pkg.version} was not packed`);
      const entry = { name: pkg.name, variant: pkg.variant, version: pkg.version, integrity: tarball.integrity };
      if (options.dryRun) {
        results.push({ ...entry, status: 'would-publish' });
        continue;
      }
      await publishOnce(pkg, tarball, dir, reader, options);
      progress(
        `${pkg.name}@${pkg.version}: published to the staging registry with dist-tag ${options.tag}, integrity verified`,
      );
      results.push({ ...entry, status: 'published' });
    }
  });
  return results.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Publishes one tarball and reads the version back: the registry must serve the integrity that
 * was packed. A publish that fails because the version is there by now (another run won the
 * race) counts as done when the registry has these very bytes.
 */
async function publishOnce(
  pkg: ReleasePackage,
  tarball: PackedTarball,
  dir: string,
  reader: RegistryReader,
  options: ReleaseToStagingOptions,
): Promise<void> {
  const publishStep = `${command}, publish ${pkg.name}@${pkg.version}`;
  let failure: unknown;
  try {
    await npmPublish(tarball.file, dir, { ...options, step: publishStep });
  } catch (error) {
    failure = error;
  }
  const served = (await reader.package(pkg.name, `${command}, verify ${pkg.name}@${pkg.version}`))?.versions.get(
    pkg.version,
  );
  if (served === undefined && failure !== undefined) throw failure;
  if (served?.integrity !== tarball.integrity)
    throw new AuthoringError(
      'integrity-mismatch',
      `${command}, verify ${pkg.name}@${pkg.version}: the staging registry serves ${served?.integrity ?? 'no such version'}, but ${tarball.integrity} was published`,
    );
}
