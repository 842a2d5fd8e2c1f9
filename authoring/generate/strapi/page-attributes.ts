import type { CompiledAttribute, CompiledCollection, CompiledComponent } from '../../model/compiled-schema.js';
import { instanceField, isPageCollection, revisionField } from '../../model/page-collections.js';

// The attributes generate adds for pages (docs/strapi-pages.md, "Page collections"), after the
// source's own: written like any other, so they follow the same rules (i18n's `localized`).

/** The page's revision: 1 after the create, one more per update (the guard of src/api/<id>/index). */
const revision: CompiledAttribute = {
  name: revisionField,
  type: 'integer',
  required: false,
  options: { default: 0, min: 0 },
  ui: {},
};

/** The instance `{ id, package, version }` a block stands for (Strapi keeps no block id over REST). */
const instance: CompiledAttribute = { name: instanceField, type: 'json', required: false, options: {}, ui: {} };

/** A collection's attributes in schema.json: the source's, then `revision` on a page collection. */
export function collectionAttributes(collection: CompiledCollection): readonly CompiledAttribute[] {
  return isPageCollection(collection) ? [...collection.attributes, revision] : collection.attributes;
}

/** A component's attributes: the source's, then `cmp_instance` when a page collection's zone lists it. */
export function componentAttributes(
  component: CompiledComponent,
  pageComponents: ReadonlySet<string>,
): readonly CompiledAttribute[] {
  return pageComponents.has(component.uid) ? [...component.attributes, instance] : component.attributes;
}
