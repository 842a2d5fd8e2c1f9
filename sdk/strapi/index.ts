/**
 * The page store on Strapi 5 (`createStrapiPageStore`): pages in the page collection that
 * `catalog-schema generate` wrote.
 *
 * @packageDocumentation
 */

// `@runtime-component-catalog/sdk/strapi`: the page store on Strapi 5 (docs/strapi-pages.md), its
// own entry so that editors without Strapi load none of it.
export type { VariantResolver } from './page-document.js';
export { createStrapiPageStore, type StrapiPageStore, type StrapiPageStoreOptions } from './strapi-page-store.js';
export type {
  StrapiAttribute,
  StrapiAttributes,
  StrapiContentType,
  StrapiPageFields,
  StrapiSchema,
} from './strapi-schema.js';
export type { VersionAttributes, VersionAttributesByKey } from './version-attributes.js';
