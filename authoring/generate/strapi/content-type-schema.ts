import type { CompiledCollection } from '../../model/compiled-schema.js';
import { collectionAttributes } from './page-attributes.js';
import { strapiAttribute } from './strapi-attribute.js';

/**
 * A collection's `schema.json` for Strapi 5: kind, collectionName, info, options with
 * draftAndPublish always explicit (Strapi's loader defaults it to false, its docs to true), and
 * pluginOptions.i18n.localized for i18n collections. Attributes keep the source order (the admin
 * form's order); a page collection's `revision` comes last.
 */
export function contentTypeSchema(collection: CompiledCollection): Record<string, unknown> {
  return {
    kind: collection.kind,
    collectionName: collection.collectionName,
    info: {
      singularName: collection.singularName,
      pluralName: collection.pluralName,
      displayName: collection.displayName,
      description: collection.description,
    },
    options: { draftAndPublish: collection.draftAndPublish },
    pluginOptions: collection.i18n ? { i18n: { localized: true } } : {},
    attributes: Object.fromEntries(
      collectionAttributes(collection).map((attribute) => [
        attribute.name,
        strapiAttribute(attribute, collection.i18n),
      ]),
    ),
  };
}
