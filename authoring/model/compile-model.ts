import { createHash } from 'node:crypto';
import type { SchemaPackageFiles } from '../source/schema-package-files.js';
import type { Attribute } from './attribute.js';
import type { CanonicalModel, CollectionModel } from './canonical-model.js';
import { type CompiledAttribute, type CompiledSchema, compiledSchemaFormat } from './compiled-schema.js';
import { resolveRelationTarget } from './resolve-relation-target.js';
import { collectionNames, componentNames } from './strapi-names.js';

/** SHA-256 over every source file (path and text), in path order. */
export function sourceHash(files: SchemaPackageFiles): string {
  const all = [files.version, files.lock, ...files.components, ...files.collections, ...files.sot.values()]
    .filter((file) => file !== undefined)
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  const hash = createHash('sha256');
  for (const file of all) hash.update(`${file.path}\0${file.text}\0`);
  return hash.digest('hex');
}

function compileAttribute(
  attribute: Attribute,
  collections: ReadonlyMap<string, CollectionModel>,
  byUid: ReadonlyMap<string, CollectionModel>,
): CompiledAttribute {
  const { source: _source, ...rest } = attribute;
  if (attribute.type !== 'relation') return rest as CompiledAttribute;
  const target = resolveRelationTarget(attribute, collections, byUid);
  if (target.kind === 'collection')
    return { ...rest, target: target.uid, targetCollection: target.collection.id } as CompiledAttribute;
  return rest as CompiledAttribute;
}

/** Compiles a valid canonical model into the plain compiled schema every generator reads. */
export function compileModel(model: CanonicalModel, hash: string): CompiledSchema {
  const collections = new Map(model.collections.map((collection) => [collection.id, collection]));
  const byUid = new Map(model.collections.map((collection) => [collectionNames(collection).uid, collection]));
  const attributes = (list: readonly Attribute[]) =>
    list.map((attribute) => compileAttribute(attribute, collections, byUid));
  return {
    format: compiledSchemaFormat,
    sourceHash: hash,
    version: model.version,
    components: model.components.map((component) => {
      const names = componentNames(component);
      const deprecated = component.attributes.filter((attribute) => attribute.deprecated !== undefined);
      return {
        id: component.id,
        category: component.category,
        name: component.name,
        uid: names.uid,
        collectionName: names.collectionName,
        displayName: names.displayName,
        description: component.description ?? '',
        attributes: attributes(component.attributes.filter((attribute) => attribute.deprecated === undefined)),
        ...(deprecated.length > 0 ? { deprecatedAttributes: attributes(deprecated) } : {}),
      };
    }),
    collections: model.collections.map((collection) => ({
      id: collection.id,
      kind: collection.kind,
      ...collectionNames(collection),
      description: collection.description ?? '',
      draftAndPublish: collection.draftAndPublish,
      i18n: collection.i18n,
      attributes: attributes(collection.attributes),
    })),
  };
}
