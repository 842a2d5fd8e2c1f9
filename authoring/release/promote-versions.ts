import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import { sha512Integrity } from './integrity.js';
import { npmPublish } from './npm-publish.js';
import { checkPackageVersion, type PackageVersion } from './package-version.js';
import { type PublishedVersion, RegistryReader } from './registry-reader.js';
import type { PublishRunOptions, RegistryTarget } from './release-registries.js';
import { withScratchFolder } from './scratch-folder.js';

export type { PackageVersion } from './package-version.js';

/** What `promote` did with one version. */
export interface Promotion extends PackageVersion {
  /** `already-promoted`: production has it with the same integrity (a re-run). */
  readonly status: 'promoted' | 'would-promote' | 'already-promoted';
  /** The integrity on staging, and on production once promoted: the same. */
  readonly integrity: string;
}

/** How to promote: the registries to copy between, and the run's options (tag: `latest`). */
export interface PromoteOptions extends PublishRunOptions {
  readonly staging: RegistryTarget;
  readonly production: RegistryTarget;
}

const command = 'promote';

/**
 * `promote <package>@<version>...` (spec 9.5): publishes to the production registry the exact
 * tarball the staging registry holds, never a rebuild. Everything is checked before anything is
 * published: each version must be a variant package of the scope at a strict semver (else
 * `usage`, before any request: the names go into the registries' URLs), and on staging (else
 * `promote-not-on-staging`); one production has already is skipped when its integrity is
 * staging's and an error when it is not. Then each tarball is downloaded from staging's
 * `dist.tarball`, its sha512 checked against staging's `dist.integrity`, published to production
 * with dist-tag `tag`, and production's `dist.integrity` compared with staging's: they must be
 * identical.
 */
export async function promoteVersions(
  versions: readonly PackageVersion[],
  options: PromoteOptions,
): Promise<Promotion[]> {
  const { progress } = options;
  for (const version of versions) checkPackageVersion(version, options.scope);
  const staging = new RegistryReader(options.staging);
  const production = new RegistryReader(options.production);
  const names = versions.map(({ name }) => name);
  const onStaging = await staging.packages(names, `${command}, read staging`);
  const missing = versions.filter(({ name, version }) => !onStaging.get(name)?.versions.has(version));
  if (missing.length > 0)
    throw new AuthoringError(
      'promote-not-on-staging',
      `${command}, read staging: ${missing.map(({ name, version }) => `${name}@${version}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not on the staging registry ${options.staging.url} (release --staging first); nothing promoted`,
    );
  const onProduction = await production.packages(names, `${command}, read production`);

  const results: Promotion[] = [];
  const pending: (PackageVersion & { staged: PublishedVersion })[] = [];
  for (const { name, version } of versions) {
    const staged = onStaging.get(name)?.versions.get(version);
    // `missing` above stopped on any version staging lacks.
    if (staged === undefined) throw new Error(`${name}@${version} is not on the staging registry`);
    const promoted = onProduction.get(name)?.versions.get(version);
    if (promoted === undefined) {
      pending.push({ name, version, staged });
    } else if (promoted.integrity === staged.integrity) {
      progress(`${name}@${version}: already on the production registry with the same integrity, skipped`);
      results.push({ name, version, status: 'already-promoted', integrity: staged.integrity });
    } else {
      throw new AuthoringError(
        'integrity-mismatch',
        `${command}, read production: ${name}@${version} is on the production registry with ${promoted.integrity}, but staging has ${staged.integrity}: they are different tarballs`,
      );
    }
  }
  if (pending.length === 0) return results;

  await withScratchFolder(async (dir) => {
    const files: string[] = [];
    for (const [index, { name, version, staged }] of pending.entries()) {
      const step = `${command}, download ${name}@${version}`;
      const bytes = await staging.tarball(staged.tarball, step);
      const integrity = sha512Integrity(bytes);
      if (integrity !== staged.integrity)
        throw new AuthoringError(
          'integrity-mismatch',
          `${step}: the tarball at ${staged.tarball} has ${integrity}, but the staging registry lists ${staged.integrity}`,
        );
      const file = join(dir, `promote-${index}.tgz`);
      await writeFile(file, bytes);
      files.push(file);
      progress(`${name}@${version}: downloaded from the staging registry, integrity checked (${integrity})`);
    }
    for (const [index, { name, version, staged }] of pending.entries()) {
      if (options.dryRun) {
        results.push({ name, version, status: 'would-promote', integrity: staged.integrity });
        continue;
      }
      const coordinates = `${name}@${version}`;
      const file = files[index];
      // One file was downloaded per pending version, in order.
      if (file === undefined) throw new Error(`no tarball of ${coordinates}`);
      let failure: unknown;
      try {
        await npmPublish(file, dir, {
          registry: options.production,
          scope: options.scope,
          tag: options.tag,
          env: options.env,
          step: `${command}, publish ${coordinates} to production`,
        });
      } catch (error) {
        failure = error;
      }
      const served = (await production.package(name, `${command}, verify ${coordinates}`))?.versions.get(version);
      if (served === undefined && failure !== undefined) throw failure;
      if (served?.integrity !== staged.integrity)
        throw new AuthoringError(
          'integrity-mismatch',
          `${command}, verify ${coordinates}: the production registry serves ${served?.integrity ?? 'no such version'}, but staging has ${staged.integrity}`,
        );
      progress(
        `${coordinates}: published to the production registry with dist-tag ${options.tag}, integrity identical to staging's`,
      );
      results.push({ name, version, status: 'promoted', integrity: staged.integrity });
    }
  });
  const key = ({ name, version }: PackageVersion) => `${name}@${version}`;
  const byKey = new Map(results.map((result) => [key(result), result]));
  return versions.map((version) => {
    const result = byKey.get(key(version));
    // Every version is skipped, promoted or would be, or the promotion threw.
    if (result === undefined) throw new Error(`no promotion result for ${key(version)}`);
    return result;
  });
}
