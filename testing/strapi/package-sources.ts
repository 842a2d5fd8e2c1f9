import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A collection source file, as far as the comparison with Strapi needs it. */
export interface CollectionSource {
  readonly id: string;
  readonly mode: 'collection' | 'single';
  /** Field names in file order. */
  readonly fields: readonly string[];
}

/** A component source file, and its table from the lock. */
export interface ComponentSource {
  readonly id: string;
  readonly fields: readonly string[];
  readonly collectionName: string;
}

async function jsonFiles(dir: string): Promise<unknown[]> {
  const names = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as unknown));
}

/** The collections and components of a schema package's src/source/, sorted by id. */
export async function readPackageSources(
  root: string,
): Promise<{ collections: CollectionSource[]; components: ComponentSource[] }> {
  const source = join(root, 'src', 'source');
  const lock = JSON.parse(await readFile(join(source, 'component-ids.lock.json'), 'utf8')) as {
    components: Record<string, { collectionName: string }>;
  };
  const collections = (
    (await jsonFiles(join(source, 'collections'))) as { id: string; mode?: 'collection' | 'single'; fields: object }[]
  ).map((file) => ({ id: file.id, mode: file.mode ?? 'collection', fields: Object.keys(file.fields) }));
  const components = ((await jsonFiles(join(source, 'components'))) as { id: string; fields: object }[]).map(
    (file) => ({
      id: file.id,
      fields: Object.keys(file.fields),
      collectionName: lock.components[file.id]?.collectionName ?? '',
    }),
  );
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  return { collections: collections.sort(byId), components: components.sort(byId) };
}
