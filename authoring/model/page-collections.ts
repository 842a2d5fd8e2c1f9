import type { AttributeSpec } from './attribute.js';

// Page collections (docs/strapi-pages.md): a collection whose source has a dynamic zone stores
// pages. generate adds two attributes for them, and validate refuses a source that declares either.

/** The attribute generate adds to every page collection: the page's revision. */
export const revisionField = 'revision';

/** The attribute generate adds to every component a page collection's dynamic zone lists. */
export const instanceField = 'cmp_instance';

/** Whatever holds attributes: a canonical or a compiled collection. */
interface WithAttributes {
  readonly attributes: readonly AttributeSpec[];
}

/** A collection with a dynamic zone field: it stores pages. */
export function isPageCollection(collection: WithAttributes): boolean {
  return collection.attributes.some((attribute) => attribute.type === 'dynamiczone');
}

/** The component ids (`category.name`) some page collection's dynamic zone lists. */
export function pageComponentIds(collections: readonly WithAttributes[]): Set<string> {
  const ids = new Set<string>();
  for (const collection of collections) {
    for (const attribute of collection.attributes) {
      if (attribute.type === 'dynamiczone') for (const id of attribute.components) ids.add(id);
    }
  }
  return ids;
}

/** The fields a page maps to (docs/strapi-pages.md, "The generated schema the SDK reads"). */
export interface PageFields {
  /** The page id: the first uid attribute (none: pages have no id beside their documentId). */
  readonly idField: string | undefined;
  /** The page title: that uid's targetField. */
  readonly titleField: string | undefined;
  /** The blocks: the first dynamic zone. */
  readonly blocksField: string | undefined;
}

/** Which attributes of a collection hold the page id, its title and its blocks. */
export function pageFields(collection: {
  readonly attributes: readonly (AttributeSpec & { name: string })[];
}): PageFields {
  const uid = collection.attributes.find((attribute) => attribute.type === 'uid');
  return {
    idField: uid?.name,
    titleField: uid?.type === 'uid' ? uid.targetField : undefined,
    blocksField: collection.attributes.find((attribute) => attribute.type === 'dynamiczone')?.name,
  };
}
