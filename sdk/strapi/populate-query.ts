import { blocksPopulate } from '@runtime-component-catalog/contracts';
import type { PageCollection, StrapiSchema } from './strapi-schema.js';

export { bracketQuery } from '@runtime-component-catalog/contracts';

/**
 * The query of a read of whole pages: Strapi 5 populates a dynamic zone's nested components only
 * through an `on` fragment per component (docs/strapi-pages.md "Reading"; built in
 * contracts/strapi-populate-query.ts, shared with migrate-pages).
 */
export function pagePopulate(collection: PageCollection, schema: StrapiSchema): Record<string, unknown> {
  return blocksPopulate(collection.fields.blocksField, collection.blockComponents, schema);
}
