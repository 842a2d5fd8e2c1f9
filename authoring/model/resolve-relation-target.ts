import type { AttributeOf } from './attribute.js';
import type { CollectionModel } from './canonical-model.js';
import { collectionNames } from './strapi-names.js';

/** What a relation's target resolves to: one of our collections, an outside uid, or nothing. */
export type ResolvedTarget =
  | { readonly kind: 'collection'; readonly collection: CollectionModel; readonly uid: string }
  | { readonly kind: 'external'; readonly uid: string }
  | { readonly kind: 'unknown' };

/**
 * Resolves a relation target: a collection id, or a full uid. `api::` uids are ours (generate owns
 * src/api), so they must name one of our collections; `plugin::` and `admin::` uids are outside.
 */
export function resolveRelationTarget(
  relation: AttributeOf<'relation'>,
  collections: ReadonlyMap<string, CollectionModel>,
  collectionsByUid: ReadonlyMap<string, CollectionModel>,
): ResolvedTarget {
  const { target } = relation;
  if (target.startsWith('plugin::') || target.startsWith('admin::')) return { kind: 'external', uid: target };
  const collection = target.startsWith('api::') ? collectionsByUid.get(target) : collections.get(target);
  return collection ? { kind: 'collection', collection, uid: collectionNames(collection).uid } : { kind: 'unknown' };
}
