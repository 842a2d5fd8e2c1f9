import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import applyReleasePlan from '@changesets/apply-release-plan';
import assembleReleasePlan from '@changesets/assemble-release-plan';
import readChangesets from '@changesets/read';
import type { Packages } from '@manypkg/get-packages';
import { AuthoringError } from '../authoring-error.js';
import type { FileChange } from '../rename/plan-component-rename.js';
import { changesetConfig } from './changeset-config.js';
import { changesetDir } from './changeset-file.js';
import type { ChangesetPackages } from './changeset-packages.js';
import { withScratchFolder } from './scratch-folder.js';

/** One package's bump, as Changesets planned it. */
export interface VersionRelease {
  readonly name: string;
  readonly variant: string;
  readonly type: 'major' | 'minor' | 'patch' | 'none';
  readonly oldVersion: string;
  readonly newVersion: string;
}

/** What `changeset:version` would do: the bumps, the change sets consumed, the file changes (relative to the root). */
export interface VersionPlan {
  readonly releases: readonly VersionRelease[];
  readonly changesets: readonly string[];
  readonly changes: readonly FileChange[];
}

/** Where Changesets resolves its changelog module from: this package, which depends on @changesets/cli. */
const contextDir = fileURLToPath(new URL('.', import.meta.url));

/** The change set files at `<root>/.changeset/`: Changesets reads every `.md` there but README.md. */
async function changesetFileNames(root: string): Promise<string[]> {
  const entries = await readdir(join(root, changesetDir), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .filter((name) => !/^README\.md$/i.test(name))
    .sort();
}

const invalid = (message: string, cause?: unknown) =>
  new AuthoringError('changeset-invalid', `${changesetDir}/: ${message}`, { cause });

/** The text of a file, or undefined when there is none. */
const textOf = async (path: string) => (existsSync(path) ? readFile(path, 'utf8') : undefined);

/**
 * Plans `changeset:version` (spec 9.5) with Changesets' own libraries, in a scratch folder: the
 * change sets and every variant's package.json and CHANGELOG.md are copied there,
 * @changesets/read and @changesets/assemble-release-plan plan the bumps, and
 * @changesets/apply-release-plan applies them there (versions, changelogs, consumed change sets
 * deleted). What differs from the schema package comes back as file changes, for the caller to
 * write all or nothing: Changesets itself writes file by file and validates nothing.
 */
export async function planVersion(root: string, { packages, variants }: ChangesetPackages): Promise<VersionPlan> {
  // Pre mode needs `changeset pre`, which the catalog does not wrap; applying it would half-work.
  if (existsSync(join(root, changesetDir, 'pre.json')))
    throw invalid('pre.json is there: prerelease mode is not supported (remove the file to version normally)');
  const files = await changesetFileNames(root);
  if (files.length === 0) return { releases: [], changesets: [], changes: [] };

  return withScratchFolder(async (scratch) => {
    const scratchRoot = join(scratch, 'root');
    await mkdir(join(scratchRoot, changesetDir), { recursive: true });
    for (const file of files)
      await writeFile(join(scratchRoot, changesetDir, file), await readFile(join(root, changesetDir, file), 'utf8'));
    // Each variant in its own scratch folder, its package.json copied byte for byte (Changesets
    // keeps its indentation and final newline).
    const places = variants.map((pkg) => ({
      pkg,
      real: resolve(root, pkg.dir),
      copy: join(scratch, 'packages', `ui-${pkg.variant}`),
    }));
    for (const { real, copy } of places) {
      await mkdir(copy, { recursive: true });
      for (const name of ['package.json', 'CHANGELOG.md']) {
        const text = await textOf(join(real, name));
        if (text !== undefined) await writeFile(join(copy, name), text);
      }
    }
    const scratchPackages: Packages = {
      ...packages,
      root: { ...packages.root, dir: scratchRoot },
      packages: places.map(({ pkg, copy }) => ({ dir: copy, packageJson: pkg.manifest })),
    };

    let plan: ReturnType<typeof assembleReleasePlan>;
    try {
      const changesets = await readChangesets(scratchRoot);
      plan = assembleReleasePlan(changesets, scratchPackages, changesetConfig(scratchPackages), undefined);
    } catch (error) {
      throw invalid((error as Error).message, error);
    }
    await applyReleasePlan(plan, scratchPackages, changesetConfig(scratchPackages), undefined, contextDir);

    const changes: FileChange[] = [];
    const path = (absolute: string) => relative(root, absolute).split('\\').join('/');
    for (const { real, copy } of places) {
      for (const name of ['package.json', 'CHANGELOG.md']) {
        const after = await textOf(join(copy, name));
        if (after !== (await textOf(join(real, name)))) changes.push({ path: path(join(real, name)), text: after });
      }
    }
    for (const file of files) {
      if (!existsSync(join(scratchRoot, changesetDir, file)))
        changes.push({ path: `${changesetDir}/${file}`, text: undefined });
    }

    const byName = new Map(places.map((place) => [place.pkg.name, place]));
    const placeOf = (name: string) => {
      const place = byName.get(name);
      // The plan is made from these packages only (assemble-release-plan refuses others).
      if (place === undefined) throw new Error(`Changesets planned ${name}, which is not a variant package`);
      return place;
    };
    const releases = plan.releases.map(({ name, type, oldVersion, newVersion }) => ({
      name,
      variant: placeOf(name).pkg.variant,
      type,
      oldVersion,
      newVersion,
    }));
    // apply-release-plan logs and swallows a changelog it could not write: check what it left.
    for (const release of releases) {
      if (release.type === 'none') continue;
      const { copy } = placeOf(release.name);
      const manifest = JSON.parse((await textOf(join(copy, 'package.json'))) ?? '{}') as { version?: string };
      const changelog = (await textOf(join(copy, 'CHANGELOG.md'))) ?? '';
      if (manifest.version !== release.newVersion || !changelog.includes(`## ${release.newVersion}\n`))
        throw new Error(`Changesets did not version ${release.name} to ${release.newVersion} completely`);
    }
    return { releases, changesets: plan.changesets.map((changeset) => changeset.id), changes };
  });
}
