import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The example schema package of the repository (examples/schema-package). */
export const examplePackageDir = fileURLToPath(new URL('../../examples/schema-package/', import.meta.url));

/** authoring/sot: the reference validation schemas. */
export const referenceSotDir = fileURLToPath(new URL('../sot/', import.meta.url));

const created: string[] = [];

/** A fresh temporary folder, removed by `removeTempDirs`. */
export async function makeTempDir(prefix = 'catalog-schema-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Removes every folder made by `makeTempDir` (call in afterEach). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A copy of the example package's sources and config in a temporary folder (never its outputs). */
export async function copyExamplePackage(): Promise<string> {
  const root = await makeTempDir();
  for (const entry of ['src', 'catalog-schema.config.json', 'package.json']) {
    await cp(join(examplePackageDir, entry), join(root, entry), { recursive: true });
  }
  return root;
}

/** Every file below `dir` (relative path → content), sorted; hidden folders included. */
export async function readFiles(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
  return new Map(
    await Promise.all(paths.map(async (path) => [path, await readFile(join(dir, path), 'utf8')] as const)),
  );
}

/**
 * Everything below `dir` as it is on disk, to prove a run wrote and deleted nothing: each entry's
 * path → `dir`, the SHA-256 of a file's bytes, or `-> target` for a symbolic link (never followed).
 */
export async function snapshotTree(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const snapshot = await Promise.all(
    entries.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      const key = relative(dir, path).split('\\').join('/');
      if (entry.isSymbolicLink()) return [key, `-> ${await readlink(path)}`] as const;
      if (entry.isDirectory()) return [key, 'dir'] as const;
      return [
        key,
        createHash('sha256')
          .update(await readFile(path))
          .digest('hex'),
      ] as const;
    }),
  );
  return new Map(snapshot.sort(([a], [b]) => (a < b ? -1 : 1)));
}
