import { createHash } from 'node:crypto';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';

/** What a recipe's own install or build leaves in its folder: never copied into a fresh project. */
const BUILD_LEFTOVERS = new Set(['node_modules', 'dist', '.next', 'next-env.d.ts', 'package-lock.json']);
const OURS = '@runtime-component-catalog/';

/** A recipe's package.json, the fields a test reads. */
export interface RecipeManifest {
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
}

/** Every dependency of a recipe that is not pinned to one exact version (`name@range`). */
export function unpinnedDependencies(manifest: RecipeManifest): string[] {
  return Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter(([, version]) => !/^\d+\.\d+\.\d+$/.test(version))
    .map(([name, version]) => `${name}@${version}`);
}

/**
 * Copies the recipe folder `source` into `dir` as a user's project of its own, with our packages
 * by tarball path (`tarballs`: package name → .tgz), since the registry does not have them: the
 * ones the recipe names, and the contracts package, which the SDK depends on at its own version.
 */
export async function copyRecipe(source: string, dir: string, tarballs: ReadonlyMap<string, string>): Promise<void> {
  await cp(source, dir, { recursive: true, filter: (path) => !BUILD_LEFTOVERS.has(basename(path)) });
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Required<RecipeManifest>;
  const tarball = (name: string) => {
    const path = tarballs.get(name);
    if (path === undefined) throw new Error(`No tarball packed for ${name}`);
    return `file:${path}`;
  };
  for (const field of [manifest.dependencies, manifest.devDependencies]) {
    for (const name of Object.keys(field ?? {})) if (name.startsWith(OURS)) field[name] = tarball(name);
  }
  manifest.dependencies[`${OURS}contracts`] = tarball(`${OURS}contracts`);
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** A recipe folder's own files (no build output), relative to it, each with the SHA-256 of its bytes. */
export async function recipeFiles(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (BUILD_LEFTOVERS.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else
        files.set(
          relative(root, path),
          createHash('sha256')
            .update(await readFile(path))
            .digest('hex'),
        );
    }
  };
  await walk(root);
  return files;
}

/**
 * How a recipe's files differ between two snapshots of `recipeFiles` (changed, added, missing),
 * sorted. A build that rewrites the tsconfig or copies a file into the sources would leave the
 * user's repository changed by every build.
 */
export function changedFiles(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const differences: string[] = [];
  for (const file of new Set([...before.keys(), ...after.keys()])) {
    if (!after.has(file)) differences.push(`missing: ${file}`);
    else if (!before.has(file)) differences.push(`added: ${file}`);
    else if (before.get(file) !== after.get(file)) differences.push(`changed: ${file}`);
  }
  return differences.sort();
}
