import { NON_PROP_KEYS } from '@runtime-component-catalog/contracts';
import type { PagesAttribute, PagesSchema } from './pages-schema.js';

// A block's attributes as props and back (docs/authoring-migrate-pages.md "Props handed to a
// migration"). Reading is the SDK's Strapi page store's own (contracts/strapi-block-props.ts), so a
// migration sees the props an editor saved; writing is migrate-pages': every other attribute of
// an upgraded block is cleared.
export {
  propsOfStoredComponent as propsOfStored,
  restoreEmptyLists,
} from '@runtime-component-catalog/contracts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const toMany = (attribute: PagesAttribute) => /Many$/.test(attribute.relation ?? '');

/** A list-valued attribute: Strapi gives an empty one back as absent (or `[]`). */
const isList = (attribute: PagesAttribute) =>
  attribute.repeatable === true || attribute.multiple === true || (attribute.type === 'relation' && toMany(attribute));

/** Why a value cannot be written, thrown by {@link writeFormOfProps} and reported with the instance. */
export class UnwritableProp extends Error {}

function writeValue(
  value: unknown,
  attribute: PagesAttribute,
  at: string,
  schema: PagesSchema,
  empties: string[],
): unknown {
  if (Array.isArray(value) && value.length === 0 && isList(attribute)) empties.push(at);
  switch (attribute.type) {
    case 'media': {
      const id = (file: unknown) => {
        const fileId = isRecord(file) ? file.id : file;
        if (!Number.isInteger(fileId)) throw new UnwritableProp(`prop ${at} is not a media file {id, url}`);
        return fileId;
      };
      if (attribute.multiple) {
        if (!Array.isArray(value)) throw new UnwritableProp(`prop ${at} is not a list of media files`);
        return value.map(id);
      }
      return id(value);
    }
    case 'relation': {
      const ids = toMany(attribute) ? value : [value];
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && id !== '')) {
        throw new UnwritableProp(`prop ${at} is not ${toMany(attribute) ? 'a list of documentIds' : 'a documentId'}`);
      }
      return { set: ids.map((documentId) => ({ documentId })) };
    }
    case 'component': {
      const component = attribute.component ?? '';
      if (!attribute.repeatable) return writeComponent(value, component, at, schema, empties);
      if (!Array.isArray(value)) throw new UnwritableProp(`prop ${at} is not a list of ${component}`);
      return value.map((item, index) => writeComponent(item, component, `${at}/${index}`, schema, empties));
    }
    default:
      return value;
  }
}

/** What an absent prop is written as: null, or an empty list for a list-valued attribute. */
function absentValue(attribute: PagesAttribute): unknown {
  if (attribute.type === 'relation') return { set: [] };
  return isList(attribute) ? [] : null;
}

function writeComponent(props: unknown, component: string, at: string, schema: PagesSchema, empties: string[]) {
  if (!isRecord(props))
    throw new UnwritableProp(`prop ${at || '(the block)'} is not an object (component ${component})`);
  const attributes = schema.components[component]?.attributes ?? {};
  const written: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    const place = at === '' ? name : `${at}/${name}`;
    const attribute = NON_PROP_KEYS.has(name) ? undefined : attributes[name];
    if (attribute === undefined) throw new UnwritableProp(`prop ${place} has no attribute in component ${component}`);
    if (attribute.private === true || attribute.type === 'password') {
      throw new UnwritableProp(`prop ${place} is a private attribute of ${component}, which REST never gives back`);
    }
    written[name] = value === null ? absentValue(attribute) : writeValue(value, attribute, place, schema, empties);
  }
  // Every other attribute is cleared: an upgraded instance holds no value of its old major
  // (deprecated attributes included, so `migrate-pages --check` can tell none is left). Private
  // ones are left as they are: REST never gave their value, so nothing says it is stale.
  for (const [name, attribute] of Object.entries(attributes)) {
    if (name in written || NON_PROP_KEYS.has(name) || attribute.private === true || attribute.type === 'password')
      continue;
    written[name] = absentValue(attribute);
  }
  return written;
}

/**
 * The attributes Strapi stores for the props of one block of `component`: every prop in Strapi's
 * write form (media as file ids, relations as `{set}`, nested components as objects) and every
 * other attribute cleared. Throws {@link UnwritableProp} for a prop the component cannot hold.
 * `emptyLists` receives the places of empty lists, for `cmp_instance`.
 */
export function writeFormOfProps(
  props: Record<string, unknown>,
  component: string,
  schema: PagesSchema,
  emptyLists: string[],
): Record<string, unknown> {
  return writeComponent(props, component, '', schema, emptyLists);
}
