import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A collection source file, as far as the comparison with Strapi needs it. */
export interface CollectionSource {
  readonly id: string;
  readonly mode: 'collection' | 'single';
  /** Field names in file order. */
  readonly fields: readonly string[];
  /** What generate adds after them (docs/strapi-pages.md): `revision` when a field is a dynamic zone. */
  readonly generated: readonly string[];
}

/** A component source file, and its table from the lock. */
export interface ComponentSource {
  readonly id: string;
  readonly fields: readonly string[];
  /** What generate adds after them: `cmp_instance` when a collection's dynamic zone lists it. */
  readonly generated: readonly string[];
  readonly collectionName: string;
}

/** The component ids of a dynamic zone field (`dynamicZone(a.b,c.d)` or the object form), else none. */
function zoneComponents(field: unknown): string[] {
  if (typeof field === 'string') {
    const match = /^dynamicZone\((.*)\)$/.exec(field);
    return match ? match[1]!.split(',').map((id) => id.trim()) : [];
  }
  const object = field as { type?: string; components?: string[] };
  return object?.type === 'dynamicZone' ? (object.components ?? []) : [];
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
  const collectionFiles = (await jsonFiles(join(source, 'collections'))) as {
    id: string;
    mode?: 'collection' | 'single';
    fields: Record<string, unknown>;
  }[];
  const zonesOf = (file: { fields: Record<string, unknown> }) => Object.values(file.fields).flatMap(zoneComponents);
  const listed = new Set(collectionFiles.flatMap(zonesOf));
  const collections = collectionFiles.map((file) => ({
    id: file.id,
    mode: file.mode ?? 'collection',
    fields: Object.keys(file.fields),
    generated: zonesOf(file).length > 0 ? ['revision'] : [],
  }));
  const components = ((await jsonFiles(join(source, 'components'))) as { id: string; fields: object }[]).map(
    (file) => ({
      id: file.id,
      fields: Object.keys(file.fields),
      generated: listed.has(file.id) ? ['cmp_instance'] : [],
      collectionName: lock.components[file.id]?.collectionName ?? '',
    }),
  );
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  return { collections: collections.sort(byId), components: components.sort(byId) };
}
