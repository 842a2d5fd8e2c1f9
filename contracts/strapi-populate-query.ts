import type { StrapiComponentSchema } from './strapi-component-schema.js';

/** Components nested deeper than this are left out of the populate. */
const MAX_DEPTH = 8;

/** What a component's fragment populates: its media, relations and components, nested ones too. */
function populateOf(component: string, schema: StrapiComponentSchema, depth: number): Record<string, unknown> {
  const populate: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(schema.components[component]?.attributes ?? {})) {
    // Strapi refuses to populate a private attribute (REST never gives it).
    if (attribute.private === true) continue;
    if (attribute.type === 'media') populate[name] = { fields: ['url'] };
    else if (attribute.type === 'relation') populate[name] = { fields: ['documentId'] };
    else if (attribute.type === 'component' && attribute.component !== undefined && depth < MAX_DEPTH) {
      populate[name] = populateOf(attribute.component, schema, depth + 1);
    }
  }
  return Object.keys(populate).length === 0 ? { populate: '*' } : { populate };
}

/**
 * The `populate` of a read of whole pages: the dynamic zone `blocksField` with an `on` fragment per
 * component it accepts, each populating its media (`url`), relations (`documentId`) and nested
 * components. Strapi 5 populates a dynamic zone's nested components only through `on` fragments
 * (docs/strapi-pages.md "Reading").
 */
export function blocksPopulate(
  blocksField: string,
  blockComponents: readonly string[],
  schema: StrapiComponentSchema,
): Record<string, unknown> {
  const on: Record<string, unknown> = {};
  for (const component of blockComponents) on[component] = populateOf(component, schema, 0);
  return { [blocksField]: { on } };
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
