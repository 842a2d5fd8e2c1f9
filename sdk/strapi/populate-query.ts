import type { PageCollection, StrapiSchema } from './strapi-schema.js';

type Populate = { populate: Record<string, unknown> | '*' };

/** What a component's fragment populates: its media, relations and components, nested ones too. */
function populateOf(component: string, schema: StrapiSchema, depth: number): Populate {
  const populate: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(schema.components[component]?.attributes ?? {})) {
    // Strapi refuses to populate a private attribute (REST never gives it).
    if (attribute.private === true) continue;
    if (attribute.type === 'media') populate[name] = { fields: ['url'] };
    else if (attribute.type === 'relation') populate[name] = { fields: ['documentId'] };
    else if (attribute.type === 'component' && attribute.component !== undefined && depth < 8) {
      populate[name] = populateOf(attribute.component, schema, depth + 1);
    }
  }
  return Object.keys(populate).length === 0 ? { populate: '*' } : { populate };
}

/**
 * The query of a read of whole pages: Strapi 5 populates a dynamic zone's nested components only
 * through an `on` fragment per component (docs/strapi-pages.md "Reading").
 */
export function pagePopulate(collection: PageCollection, schema: StrapiSchema): Record<string, unknown> {
  const on: Record<string, unknown> = {};
  for (const component of collection.blockComponents) on[component] = populateOf(component, schema, 0);
  return { [collection.fields.blocksField]: { on } };
}

/** `value` in the bracket form Strapi parses (`populate[blocks][on][hero.hero1][populate][cta][populate]=*`). */
export function bracketQuery(value: Record<string, unknown>): string {
  const parts: string[] = [];
  const visit = (prefix: string, item: unknown) => {
    if (Array.isArray(item)) {
      for (const [index, entry] of item.entries()) visit(`${prefix}[${index}]`, entry);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, entry] of Object.entries(item)) visit(prefix === '' ? key : `${prefix}[${key}]`, entry);
    } else if (item !== undefined) parts.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(item))}`);
  };
  visit('', value);
  return parts.join('&');
}
