import type { CompiledSchema } from '../../model/compiled-schema.js';
import { isPageCollection, pageComponentIds, pageFields, revisionField } from '../../model/page-collections.js';
import { componentSchema } from '../strapi/component-schema.js';
import { contentTypeSchema } from '../strapi/content-type-schema.js';
import { restEndpoint } from './strapi-registry.js';

/** Strapi's attributes without `pluginOptions` (i18n's `localized` is the content type's `localized`). */
function withoutPluginOptions(attributes: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(attributes as Record<string, Record<string, unknown>>).map(([name, attribute]) => {
      const { pluginOptions: _pluginOptions, ...rest } = attribute;
      return [name, rest];
    }),
  );
}

/**
 * `strapi-schema.json` (docs/strapi-pages.md, "The generated schema the SDK reads"): every content
 * type and component with the attributes of its generated schema file, so a client maps pages
 * without asking Strapi (its schema API is admin-only). Content types add their REST endpoint,
 * draftAndPublish, localized and, for a page collection with a uid attribute, `page`: which
 * attributes hold the page id, title, blocks and revision.
 */
export function strapiSchema(schema: CompiledSchema): Record<string, unknown> {
  const contentTypes: Record<string, unknown> = {};
  for (const collection of schema.collections) {
    const { idField, titleField, blocksField } = pageFields(collection);
    const page =
      isPageCollection(collection) && idField !== undefined
        ? { idField, ...(titleField === undefined ? {} : { titleField }), blocksField, revisionField }
        : undefined;
    contentTypes[collection.uid] = {
      endpoint: restEndpoint(collection),
      draftAndPublish: collection.draftAndPublish,
      localized: collection.i18n,
      ...(page === undefined ? {} : { page }),
      attributes: withoutPluginOptions(contentTypeSchema(collection).attributes),
    };
  }
  const pageComponents = pageComponentIds(schema.collections);
  const components: Record<string, unknown> = {};
  for (const component of schema.components) {
    components[component.uid] = {
      attributes: withoutPluginOptions(componentSchema(component, pageComponents).attributes),
    };
  }
  return { version: schema.version, contentTypes, components };
}
