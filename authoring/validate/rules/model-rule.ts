import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../../diagnostics/diagnostic-code.js';
import type { Attribute } from '../../model/attribute.js';
import type { CanonicalModel, CollectionModel, ComponentModel } from '../../model/canonical-model.js';
import { collectionNames } from '../../model/strapi-names.js';
import type { UnreadableIds } from '../../parse/unreadable-ids.js';

const noUnreadableIds: UnreadableIds = { components: new Set(), collections: new Set(), componentFiles: new Set() };

/** The model with lookups the rules share, built once per validation. */
export interface ModelIndex {
  readonly model: CanonicalModel;
  /** First component of each id. */
  readonly components: ReadonlyMap<string, ComponentModel>;
  /** First collection of each id. */
  readonly collections: ReadonlyMap<string, CollectionModel>;
  /** Collections by their uid (`api::x.x`). */
  readonly collectionsByUid: ReadonlyMap<string, CollectionModel>;
  /** Ids that files which failed to parse may stand for: references to them are not reported. */
  readonly unreadable: UnreadableIds;
}

/** Builds the lookups of `model`. */
export function indexModel(model: CanonicalModel, unreadable: UnreadableIds = noUnreadableIds): ModelIndex {
  const components = new Map<string, ComponentModel>();
  for (const component of model.components) if (!components.has(component.id)) components.set(component.id, component);
  const collections = new Map<string, CollectionModel>();
  const collectionsByUid = new Map<string, CollectionModel>();
  for (const collection of model.collections) {
    if (collections.has(collection.id)) continue;
    collections.set(collection.id, collection);
    collectionsByUid.set(collectionNames(collection).uid, collection);
  }
  return { model, components, collections, collectionsByUid, unreadable };
}

/** One layer 2 rule: reads the indexed model, returns every failure it finds. */
export type ModelRule = (index: ModelIndex) => Diagnostic[];

/** A component or a collection: whatever holds attributes. */
export type AttributeOwner =
  | { readonly kind: 'component'; readonly model: ComponentModel }
  | { readonly kind: 'collection'; readonly model: CollectionModel };

/** Every component and collection of the model, components first. */
export function owners(model: CanonicalModel): AttributeOwner[] {
  return [
    ...model.components.map((component): AttributeOwner => ({ kind: 'component', model: component })),
    ...model.collections.map((collection): AttributeOwner => ({ kind: 'collection', model: collection })),
  ];
}

/**
 * A diagnostic at an attribute: at `key` of its object form when given and present, otherwise at
 * the field's value (the shorthand string or the object).
 */
export function attributeDiagnostic(
  attribute: Attribute,
  code: DiagnosticCode,
  message: string,
  key?: string | readonly (string | number)[],
): Diagnostic {
  const { file, path, form } = attribute.source;
  if (form === 'object' && key !== undefined) {
    const keyPath = typeof key === 'string' ? [key] : key;
    return file.diagnostic([...path, ...keyPath], code, message);
  }
  return file.diagnostic(path, code, message);
}

/** `component hero.hero1` or `collection article`, for messages. */
export function ownerLabel(owner: AttributeOwner): string {
  return `${owner.kind} ${owner.model.id}`;
}
