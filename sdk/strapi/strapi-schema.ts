import { SdkError } from '../sdk-error.js';

/**
 * One attribute as Strapi 5 declares it in a content type's or component's schema.json (the
 * generated `strapi-schema.json` keeps them as they are; docs/strapi-pages.md).
 */
export interface StrapiAttribute {
  /** Strapi's attribute type (`string`, `enumeration`, `media`, `relation`, `component`, `dynamiczone`, ...). */
  readonly type: string;
  /** A value must be given. */
  readonly required?: boolean;
  /** Left out of API answers. */
  readonly private?: boolean;
  /** The values of an `enumeration`. */
  readonly enum?: readonly string[];
  /** The smallest number allowed (or the fewest items). */
  readonly min?: number;
  /** The largest number allowed (or the most items). */
  readonly max?: number;
  /** The shortest text allowed. */
  readonly minLength?: number;
  /** The longest text allowed. */
  readonly maxLength?: number;
  /** A `media` attribute holds several files. */
  readonly multiple?: boolean;
  /** The kind of a `relation` (`oneToOne`, `manyToOne`, ...). */
  readonly relation?: string;
  /** The content type uid a `relation` points to. */
  readonly target?: string;
  /** The component uid of a `component` attribute. */
  readonly component?: string;
  /** A `component` attribute holds a list. */
  readonly repeatable?: boolean;
  /** The component uids a `dynamiczone` accepts. */
  readonly components?: readonly string[];
  /** The value Strapi gives when none is sent. */
  readonly default?: unknown;
}

/** The attributes of a component or a content type, by name. */
export type StrapiAttributes = Readonly<Record<string, StrapiAttribute>>;

/** Which attributes of a page collection hold a Page's fields. */
export interface StrapiPageFields {
  /** The page id: the collection's first uid attribute (the slug). */
  readonly idField: string;
  /** The attribute that holds the page's title. */
  readonly titleField: string;
  /** The dynamic zone whose blocks are the page's instances. */
  readonly blocksField: string;
  /** The integer attribute that holds the page's revision (checked by the generated guard). */
  readonly revisionField: string;
}

/** A content type of the generated schema. */
export interface StrapiContentType {
  /** `/api/<pluralName>`. */
  readonly endpoint: string;
  /** Documents have a draft and a published version. */
  readonly draftAndPublish: boolean;
  /** Documents exist once per locale (i18n). */
  readonly localized: boolean;
  /** Present on page collections (a dynamic zone and a uid attribute). */
  readonly page?: StrapiPageFields;
  /** Its attributes, by name. */
  readonly attributes: StrapiAttributes;
}

/** `generated/registries/strapi-schema.json`, written by `catalog-schema generate`. */
export interface StrapiSchema {
  /** The schema package's version. */
  readonly version: string;
  /** Every content type, by uid (`api::page.page`). */
  readonly contentTypes: Readonly<Record<string, StrapiContentType>>;
  /** Every component, by uid (`hero.hero1`). */
  readonly components: Readonly<
    Record<
      string,
      {
        /** Its attributes, by name. */
        readonly attributes: StrapiAttributes;
      }
    >
  >;
}

/** A page collection of the schema, resolved: its uid, content type and page fields. */
export interface PageCollection {
  readonly uid: string;
  readonly contentType: StrapiContentType;
  readonly fields: StrapiPageFields;
  /** The components the blocks zone accepts. */
  readonly blockComponents: readonly string[];
}

function invalid(message: string): SdkError {
  return new SdkError('store-config-invalid', `The Strapi schema given to the page store is not usable: ${message}`);
}

/** A JSON object (not an array, not null). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The page collection `collection` (a content type uid such as `api::page.page`, or its singular
 * name `page`) of `schema`, checked enough that the store's mapping can trust it: every component
 * the blocks zone lists, and every component they nest, is in the schema.
 */
export function pageCollectionOf(schema: StrapiSchema, collection: string): PageCollection {
  if (!isRecord(schema) || !isRecord(schema.contentTypes) || !isRecord(schema.components)) {
    throw invalid('it has no contentTypes and components (pass generated/registries/strapi-schema.json)');
  }
  const uid = collection.includes('::') ? collection : `api::${collection}.${collection}`;
  const contentType = schema.contentTypes[uid];
  if (contentType === undefined) throw invalid(`it has no content type ${uid}`);
  const fields = contentType.page;
  if (fields === undefined) throw invalid(`${uid} is not a page collection (no dynamic zone or no uid attribute)`);
  const zone = contentType.attributes[fields.blocksField];
  if (zone?.type !== 'dynamiczone' || zone.components === undefined) {
    throw invalid(`${uid}.${fields.blocksField} is not a dynamic zone`);
  }
  const seen = new Set<string>();
  const visit = (component: string, from: string) => {
    if (seen.has(component)) return;
    const definition = schema.components[component];
    if (definition === undefined) throw invalid(`${from} uses component ${component}, which it does not list`);
    seen.add(component);
    for (const [name, attribute] of Object.entries(definition.attributes)) {
      if (attribute.type === 'component' && attribute.component !== undefined) {
        visit(attribute.component, `${component}.${name}`);
      }
    }
  };
  for (const component of zone.components) visit(component, `${uid}.${fields.blocksField}`);
  return { uid, contentType, fields, blockComponents: zone.components };
}
