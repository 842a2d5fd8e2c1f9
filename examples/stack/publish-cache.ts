import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// The state folder's copy of the last start's publish (docs/playground.md "Startup"). Publishing
// the example's variants costs a validation and an esbuild bundle per variant; what it puts in the
// two folder stores depends only on the inputs listed below (no port, origin or secret reaches a
// stored byte: the module stub imports its build relatively, the catalog and the artifacts name no
// origin). So when the inputs are those of the copy, a start restores the copy into the emptied
// stores instead of publishing again; the host, new at every start, has nothing to revalidate.

/** The cache's file naming the inputs its copy was published from. */
export const CACHE_KEY_FILE = 'key';
/** The cache's copies of the two stores. */
export const CACHE_STORES = ['artifacts', 'esm'] as const;

/** Changed when the way the playground publishes changes in a way the inputs do not show. */
const FORMAT = 'playground publish cache 1';
const repo = fileURLToPath(new URL('../../', import.meta.url));
/** Folders never read as inputs: build outputs and installs. */
const SKIPPED = new Set(['dist', 'node_modules']);

/** The two folder stores of a start, and the cache folder beside them. */
export interface PublishCacheFolders {
  readonly artifactsDir: string;
  readonly esmDir: string;
  readonly cacheDir: string;
}

/**
 * What a publish of the schema package at `root` depends on, as one SHA-256: its sources, config
 * and variant packages (without their `dist/`), the variants in publish order, the CLI that
 * publishes (authoring/dist) and the contracts it uses (contracts/dist), and package-lock.json
 * (esbuild, TypeScript and every other dependency at their exact versions).
 */
export async function publishInputsKey(root: string, variants: readonly string[]): Promise<string> {
  const inputs = [
    join(root, 'src'),
    join(root, 'packages'),
    join(root, 'catalog-schema.config.json'),
    join(root, 'package.json'),
    join(repo, 'authoring/dist'),
    join(repo, 'authoring/package.json'),
    join(repo, 'contracts/dist'),
    join(repo, 'package-lock.json'),
  ];
  const hash = createHash('sha256').update(`${FORMAT}\n${variants.join(',')}\n`);
  for (const input of inputs) {
    for (const [path, digest] of await digests(input)) hash.update(`${relative(repo, path)}\0${digest}\n`);
  }
  return hash.digest('hex');
}

/** Each file under `path` (or `path` itself) with the SHA-256 of its bytes (a link: of its target's name), by path. */
async function digests(path: string): Promise<[string, string][]> {
  const entries = await readdir(path, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOTDIR') return undefined;
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  const files =
    entries === undefined
      ? [{ path, link: false }]
      : entries
          .filter((entry) => !entry.isDirectory() && !entry.name.endsWith('.tsbuildinfo'))
          .map((entry) => ({ path: join(entry.parentPath, entry.name), link: entry.isSymbolicLink() }))
          .filter(
            ({ path: file }) =>
              !relative(path, file)
                .split(sep)
                .some((part) => SKIPPED.has(part)),
          );
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return Promise.all(
    files.map(
      async ({ path: file, link }) =>
        [
          file,
          createHash('sha256')
            .update(link ? `-> ${await readlink(file)}` : await readFile(file))
            .digest('hex'),
        ] as [string, string],
    ),
  );
}

/**
 * Fills the emptied stores from the cache when its key is `key`; answers whether it did. A copy
 * that fails halfway is undone (both stores emptied again), so the start publishes instead.
 */
export async function restorePublished(folders: PublishCacheFolders, key: string): Promise<boolean> {
  const recorded = await readFile(join(folders.cacheDir, CACHE_KEY_FILE), 'utf8').catch(() => undefined);
  if (recorded?.trim() !== key) return false;
  // Both copies settle before any clean-up: none may still be writing when the stores are emptied.
  const copies = await Promise.allSettled(
    CACHE_STORES.map((store) => cp(join(folders.cacheDir, store), storeDir(folders, store), { recursive: true })),
  );
  if (copies.every((copy) => copy.status === 'fulfilled')) return true;
  await emptyStores(folders);
  return false;
}

/**
 * Replaces the cache with a copy of both stores, published from the inputs `key` names. The key
 * goes first and comes back last: a copy cut short has none, and is never restored.
 */
export async function savePublished(folders: PublishCacheFolders, key: string): Promise<void> {
  await rm(folders.cacheDir, { recursive: true, force: true });
  await mkdir(folders.cacheDir);
  await Promise.all(
    CACHE_STORES.map((store) => cp(storeDir(folders, store), join(folders.cacheDir, store), { recursive: true })),
  );
  await writeFile(join(folders.cacheDir, CACHE_KEY_FILE), `${key}\n`);
}

function storeDir(folders: PublishCacheFolders, store: (typeof CACHE_STORES)[number]): string {
  return store === 'artifacts' ? folders.artifactsDir : folders.esmDir;
}

async function emptyStores(folders: PublishCacheFolders): Promise<void> {
  for (const store of CACHE_STORES) {
    await rm(storeDir(folders, store), { recursive: true, force: true });
    await mkdir(storeDir(folders, store));
  }
}
