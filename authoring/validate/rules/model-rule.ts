import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../../diagnostics/diagnostic-code.js';
import type { Attribute } from '../../model/attribute.js';
import type { CanonicalModel, CollectionModel, ComponentModel } from '../../model/canonical-model.js';
import { lockEntryOf } from '../../model/component-lock.js';
import { collectionNames } from '../../model/strapi-names.js';
import type { UnreadableIds } from '../../parse/unreadable-ids.js';
import type { JsonPath, PathTarget, SourceFile } from '../../source/source-file.js';

const noUnreadableIds: UnreadableIds = { components: new Set(), collections: new Set(), componentFiles: new Set() };

/** A file that declares an id another file owns. */
export type DuplicateModel =
  | {
      readonly kind: 'component';
      readonly model: ComponentModel;
      readonly owner: ComponentModel;
      readonly locked: boolean;
    }
  | {
      readonly kind: 'collection';
      readonly model: CollectionModel;
      readonly owner: CollectionModel;
      readonly locked: false;
    };

/** The model with lookups the rules share, built once per validation. */
export interface ModelIndex {
  /**
   * The model with one file per id, its owner: what every rule but duplicateIds reads, so that a
   * duplicate is reported once and causes nothing else. The other files are in `duplicates`.
   */
  readonly model: CanonicalModel;
  /** Files whose id another file owns, in model order. */
  readonly duplicates: readonly DuplicateModel[];
  /** The component of each id. */
  readonly components: ReadonlyMap<string, ComponentModel>;
  /** The collection of each id. */
  readonly collections: ReadonlyMap<string, CollectionModel>;
  /** Collections by their uid (`api::x.x`). */
  readonly collectionsByUid: ReadonlyMap<string, CollectionModel>;
  /** Ids that files which failed to parse may stand for: references to them are not reported. */
  readonly unreadable: UnreadableIds;
}

const byPath = <T extends { file: { path: string } }>(a: T, b: T) =>
  a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0;

/**
 * The owner of each id among `list`: the file `isLocked` accepts (the lock binds the id to it),
 * else the first by path (a rule that does not depend on which file was added last).
 */
function ownersOf<T extends { id: string; file: { path: string } }>(
  list: readonly T[],
  isLocked: (item: T) => boolean,
): Map<string, T> {
  const candidates = new Map<string, T[]>();
  for (const item of list) {
    const same = candidates.get(item.id);
    if (same) same.push(item);
    else candidates.set(item.id, [item]);
  }
  const chosen = new Map<string, T>();
  for (const [id, same] of candidates) {
    const sorted = [...same].sort(byPath);
    const first = sorted.find(isLocked) ?? sorted[0];
    if (first !== undefined) chosen.set(id, first);
  }
  return chosen;
}

/**
 * Builds the lookups of `model`. `lockedFiles` maps each locked component id to its lock entry's
 * `file` (relative to src/source/): that file owns the id when several declare it.
 */
export function indexModel(
  model: CanonicalModel,
  unreadable: UnreadableIds = noUnreadableIds,
  lockedFiles: ReadonlyMap<string, string> = new Map(),
): ModelIndex {
  const isLocked = (component: ComponentModel) => {
    const file = lockedFiles.get(component.id);
    return file !== undefined && file === lockEntryOf(component).file;
  };
  const components = ownersOf(model.components, isLocked);
  const collections = ownersOf(model.collections, () => false);
  const duplicates: DuplicateModel[] = [];
  for (const component of model.components) {
    // ownersOf chose an owner for every id.
    const owner = components.get(component.id) ?? component;
    if (owner !== component) duplicates.push({ kind: 'component', model: component, owner, locked: isLocked(owner) });
  }
  for (const collection of model.collections) {
    const owner = collections.get(collection.id) ?? collection;
    if (owner !== collection) duplicates.push({ kind: 'collection', model: collection, owner, locked: false });
  }
  const collectionsByUid = new Map<string, CollectionModel>();
  for (const collection of collections.values()) collectionsByUid.set(collectionNames(collection).uid, collection);
  const owned: CanonicalModel = {
    version: model.version,
    components: model.components.filter((component) => components.get(component.id) === component),
    collections: model.collections.filter((collection) => collections.get(collection.id) === collection),
  };
  return { model: owned, duplicates, components, collections, collectionsByUid, unreadable };
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

/** `path:line:column` of `path` in `file`, for messages that name another place. */
export function placeOf(file: SourceFile, path: JsonPath, target: PathTarget = 'value'): string {
  const { line, column } = file.locate(path, target);
  return `${file.path}:${line}:${column}`;
}

/** `path:line:column` where attributeDiagnostic would report (`key` of the object form, else the value). */
export function attributePlace(attribute: Attribute, key: string | readonly (string | number)[]): string {
  const { file, path, form } = attribute.source;
  if (form !== 'object') return placeOf(file, path);
  return placeOf(file, [...path, ...(typeof key === 'string' ? [key] : key)]);
}

/** `path:line:column` of a field's name. */
export function fieldPlace(attribute: Attribute): string {
  return placeOf(attribute.source.file, attribute.source.path, 'key');
}
