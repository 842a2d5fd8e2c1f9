import type { StrapiComponentAttribute, StrapiComponentSchema } from './strapi-component-schema.js';

// A stored block's attributes as the props of its instance (docs/strapi-pages.md "Instance ↔
// block"): the SDK's Strapi page store and `migrate-pages` read blocks through these, so a
// migration sees the props an editor saved. Media are `{id, url}` files (a list for multiple
// media), relations documentIds (a list for a to-many relation), nested components objects
// without Strapi's `id`; a null or an empty list is an absent prop.

/** Keys of a stored block that are Strapi's or the instance's (`cmp_instance`), never props. */
export const NON_PROP_KEYS: ReadonlySet<string> = new Set(['id', 'documentId', '__component', 'cmp_instance']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const toMany = (attribute: StrapiComponentAttribute) => /Many$/.test(attribute.relation ?? '');

/** A media file as a prop holds it. */
const fileOf = (value: unknown): unknown => (isRecord(value) ? { id: value.id, url: value.url } : value);

/** A populated relation as a prop holds it: its documentId. */
const documentIdOf = (value: unknown): unknown => (isRecord(value) ? value.documentId : value);

function propValue(value: unknown, attribute: StrapiComponentAttribute, schema: StrapiComponentSchema): unknown {
  switch (attribute.type) {
    case 'media':
      return Array.isArray(value) ? value.map(fileOf) : fileOf(value);
    case 'relation':
      if (Array.isArray(value)) return toMany(attribute) ? value.map(documentIdOf) : documentIdOf(value[0]);
      return documentIdOf(value);
    case 'component':
      return Array.isArray(value)
        ? value.map((item) => propsOfStoredComponent(item, attribute.component ?? '', schema))
        : propsOfStoredComponent(value, attribute.component ?? '', schema);
    default:
      return value;
  }
}

/**
 * The props of a stored component (a block or a nested one) of `component`: every attribute the
 * schema lists, in prop form; nulls, empty lists (but a `json` or `blocks` value) and
 * {@link NON_PROP_KEYS} left out.
 */
export function propsOfStoredComponent(
  stored: unknown,
  component: string,
  schema: StrapiComponentSchema,
): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  if (!isRecord(stored)) return props;
  for (const [name, attribute] of Object.entries(schema.components[component]?.attributes ?? {})) {
    const value = stored[name];
    if (value === null || value === undefined || NON_PROP_KEYS.has(name)) continue;
    if (Array.isArray(value) && value.length === 0 && attribute.type !== 'json' && attribute.type !== 'blocks')
      continue;
    props[name] = propValue(value, attribute, schema);
  }
  return props;
}

/**
 * Puts back, at each of `places` (`cards/0/links`, as `cmp_instance.emptyLists` records them), the
 * empty list Strapi gave back as absent; a place that now holds a value is left as it is.
 */
export function restoreEmptyLists(props: Record<string, unknown>, places: readonly string[]): void {
  for (const place of places) {
    const segments = place.split('/');
    let holder: unknown = props;
    for (const segment of segments.slice(0, -1)) {
      holder = isRecord(holder) || Array.isArray(holder) ? (holder as Record<string, unknown>)[segment] : undefined;
    }
    const last = segments[segments.length - 1] ?? '';
    if (isRecord(holder) && holder[last] === undefined) holder[last] = [];
  }
}
