import { NON_PROP_KEYS } from '@runtime-component-catalog/contracts';
import { SdkError } from '../sdk-error.js';
import { isRecord, type StrapiAttribute, type StrapiSchema } from './strapi-schema.js';

// Reading a stored block is shared with migrate-pages (contracts/strapi-block-props.ts); writing
// stays here: the store refuses what Strapi cannot hold and give back unchanged.
export {
  propsOfStoredComponent as readComponent,
  restoreEmptyLists,
} from '@runtime-component-catalog/contracts';

/** Where a value sits, for the refusal's message: `Instance i1 (hero1): prop cta.label`. */
export interface ValuePath {
  readonly instance: string;
  readonly prop: string;
  /** `hero.hero1.theme`: the component and attribute that refuse it. */
  readonly attribute: string;
  /** The prop's place as `cards/0/links`, for {@link ValuePath.empties}. */
  readonly at: string;
  /**
   * Collects the places of empty lists: Strapi gives an empty list back as absent, so the store
   * keeps where they were (docs/strapi-pages.md "Instance ↔ block") and puts them back on read.
   */
  readonly empties: string[];
}

const toMany = (attribute: StrapiAttribute) => /Many$/.test(attribute.relation ?? '');

/** How an attribute is described in a refusal: `an enumeration of light, dark`. */
function describe(attribute: StrapiAttribute): string {
  switch (attribute.type) {
    case 'enumeration':
      return `an enumeration of ${(attribute.enum ?? []).join(', ')}`;
    case 'media':
      return attribute.multiple ? 'multiple media: a list of {id, url} files' : 'a media file: {id, url}';
    case 'relation':
      return toMany(attribute)
        ? `a ${attribute.relation} relation to ${attribute.target}: a list of documentIds`
        : `a ${attribute.relation} relation to ${attribute.target}: a documentId`;
    case 'component':
      return attribute.repeatable
        ? `a list of ${attribute.component} components`
        : `a ${attribute.component} component (an object)`;
    default:
      return `of type ${attribute.type}`;
  }
}

function refuse(path: ValuePath, attribute: StrapiAttribute | undefined, problem: string): SdkError {
  const what = attribute === undefined ? '' : `; attribute ${path.attribute} is ${describe(attribute)}`;
  return new SdkError('store-unmappable', `${path.instance}: prop ${path.prop} ${problem}${what}. Nothing was saved`);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INT32 = 2 ** 31;

/** The problem of a scalar value for its attribute, or undefined when Strapi holds it as it is. */
function scalarProblem(value: unknown, attribute: StrapiAttribute): string | undefined {
  const string = typeof value === 'string';
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'uid': {
      if (!string) return 'is not a string';
      if (attribute.maxLength !== undefined && value.length > attribute.maxLength)
        return `is longer than ${attribute.maxLength}`;
      if (attribute.minLength !== undefined && value.length < attribute.minLength)
        return `is shorter than ${attribute.minLength}`;
      return undefined;
    }
    case 'email':
      return string && EMAIL.test(value) ? undefined : 'is not an email address';
    case 'enumeration':
      return string && (attribute.enum ?? []).includes(value) ? undefined : `is ${JSON.stringify(value)}`;
    case 'date':
      return string && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'is not a date YYYY-MM-DD';
    case 'time':
      return string && TIME.test(value) ? undefined : 'is not a time HH:mm:ss.SSS';
    case 'datetime':
      return string && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value
        ? undefined
        : 'is not an ISO 8601 UTC time with milliseconds (as Date#toISOString writes it)';
    case 'timestamp':
      // Strapi gives a timestamp back as the string of its epoch milliseconds, and reads up to 8
      // digits as an ISO date first ("20240101", "10" the year 1000): 9 digits at least.
      return string && /^\d{9,15}$/.test(value)
        ? undefined
        : 'is not a timestamp (a string of 9 to 15 digits: epoch milliseconds from 1970-01-02)';
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) >= INT32)
        return 'is not a 32-bit integer';
      return rangeProblem(value, attribute);
    }
    case 'biginteger':
      // A string, as Strapi gives it back; beyond 2^53 SQLite keeps it as a double and rounds it.
      return string && /^-?\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value))
        ? undefined
        : 'is not a biginteger within ±(2^53 − 1), written as a string of digits';
    case 'float':
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? rangeProblem(value, attribute) : 'is not a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'is not a boolean';
    case 'blocks':
      return Array.isArray(value) ? undefined : 'is not a list of rich-text blocks';
    case 'json':
      return undefined;
    default:
      return `cannot be stored: the store does not map attributes of type ${attribute.type}`;
  }
}

function rangeProblem(value: number, attribute: StrapiAttribute): string | undefined {
  if (attribute.min !== undefined && value < attribute.min) return `is below ${attribute.min}`;
  if (attribute.max !== undefined && value > attribute.max) return `is above ${attribute.max}`;
  return undefined;
}

function isMediaFile(value: unknown): value is { id: number; url: string } {
  return (
    isRecord(value) && Object.keys(value).length === 2 && Number.isInteger(value.id) && typeof value.url === 'string'
  );
}

/**
 * Strapi's write form of a prop's value for `attribute`: media as file ids, relations as
 * `{set: [documentIds]}`, components mapped attribute by attribute. Throws `store-unmappable`
 * for anything the attribute cannot hold and give back unchanged (docs/strapi-pages.md).
 */
export function writeValue(value: unknown, attribute: StrapiAttribute, path: ValuePath, schema: StrapiSchema): unknown {
  if (value === null) return refuseNull(path, attribute);
  const list =
    attribute.repeatable === true ||
    attribute.multiple === true ||
    (attribute.type === 'relation' && toMany(attribute));
  if (list && Array.isArray(value) && value.length === 0) path.empties.push(path.at);
  if (attribute.private === true || attribute.type === 'password') {
    throw refuse(path, undefined, `is stored in a private attribute ${path.attribute}, which Strapi never gives back`);
  }
  switch (attribute.type) {
    case 'media': {
      if (attribute.multiple) {
        if (!Array.isArray(value) || !value.every(isMediaFile)) throw refuse(path, attribute, 'is not a list of files');
        return value.map((file) => file.id);
      }
      if (!isMediaFile(value)) throw refuse(path, attribute, 'is not a media-library file {id, url}');
      return value.id;
    }
    case 'relation': {
      const ids = toMany(attribute) ? value : [value];
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && id.length > 0)) {
        throw refuse(path, attribute, toMany(attribute) ? 'is not a list of documentIds' : 'is not a documentId');
      }
      return { set: ids.map((documentId) => ({ documentId })) };
    }
    case 'component': {
      const component = attribute.component ?? '';
      if (attribute.repeatable) {
        if (!Array.isArray(value)) throw refuse(path, attribute, 'is not a list');
        if (attribute.max !== undefined && value.length > attribute.max)
          throw refuse(path, attribute, `has more than ${attribute.max} items`);
        if (attribute.min !== undefined && value.length < attribute.min)
          throw refuse(path, attribute, `has fewer than ${attribute.min} items`);
        return value.map((item, index) =>
          writeComponent(
            item,
            component,
            { ...path, prop: `${path.prop}[${index}]`, at: `${path.at}/${index}` },
            schema,
          ),
        );
      }
      return writeComponent(value, component, path, schema);
    }
    default: {
      const problem = scalarProblem(value, attribute);
      if (problem !== undefined) throw refuse(path, attribute, problem);
      return attribute.type === 'timestamp' ? Number(value) : value;
    }
  }
}

function refuseNull(path: ValuePath, attribute: StrapiAttribute): never {
  throw refuse(path, attribute, 'is null, which Strapi cannot tell from an absent prop (leave the prop out)');
}

/**
 * Which attributes of a block are its instance's props (its version's, docs/strapi-pages.md
 * "Instances of older versions"), and the stored values of the others, sent back as they were read.
 */
export interface VersionScope {
  /** The attributes that are props of the instance's version; `at` names that version in a refusal. */
  readonly props: ReadonlySet<string>;
  readonly at: string;
  /** The values, in prop form, the block held outside those props when it was read. */
  readonly kept: Readonly<Record<string, unknown>>;
}

/**
 * The attributes Strapi stores for `props` in component `component`: every prop mapped, and
 * every absent attribute that has a default sent as null, so Strapi does not fill in a value the
 * instance never had. With a `scope`, a prop must be one of its version's attributes, and the
 * other attributes get their kept values back.
 */
export function writeComponent(
  props: unknown,
  component: string,
  path: ValuePath,
  schema: StrapiSchema,
  scope?: VersionScope,
) {
  const attributes = schema.components[component]?.attributes ?? {};
  if (!isRecord(props)) throw refuse(path, undefined, `is not an object (component ${component})`);
  const written: Record<string, unknown> = {};
  const inner = (name: string): ValuePath => ({
    ...path,
    at: path.at === '' ? name : `${path.at}/${name}`,
    prop: path.prop === '' ? name : `${path.prop}.${name}`,
    attribute: `${component}.${name}`,
  });
  for (const [name, value] of Object.entries(props)) {
    const attribute = NON_PROP_KEYS.has(name) ? undefined : attributes[name];
    if (attribute === undefined) throw refuse(inner(name), undefined, `has no attribute in component ${component}`);
    if (scope !== undefined && !scope.props.has(name)) {
      throw refuse(inner(name), undefined, `is not an attribute of component ${component} at ${scope.at}`);
    }
    written[name] = writeValue(value, attribute, inner(name), schema);
  }
  for (const [name, value] of Object.entries(scope?.kept ?? {})) {
    const attribute = attributes[name];
    if (name in written || attribute === undefined || scope?.props.has(name)) continue;
    // Not a prop: an empty list found here is not the instance's to restore.
    written[name] = writeValue(value, attribute, { ...inner(name), empties: [] }, schema);
  }
  for (const [name, attribute] of Object.entries(attributes)) {
    if (name in written) continue;
    // Strapi checks required components even on a draft (required scalars only on publish).
    if (attribute.type === 'component' && attribute.required === true) {
      const missing = {
        ...path,
        prop: path.prop === '' ? name : `${path.prop}.${name}`,
        attribute: `${component}.${name}`,
      };
      throw refuse(missing, attribute, 'is missing, and Strapi requires it even in a draft');
    }
    if (attribute.default !== undefined) written[name] = null;
  }
  return written;
}
