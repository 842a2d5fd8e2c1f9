import { SdkError } from '../sdk-error.js';

/**
 * One attribute as Strapi 5 declares it in a content type's or component's schema.json (the
 * generated `strapi-schema.json` keeps them as they are; docs/strapi-pages.md).
 */
export interface StrapiAttribute {
  readonly type: string;
  readonly required?: boolean;
  readonly private?: boolean;
  readonly enum?: readonly string[];
  readonly min?: number;
  readonly max?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly multiple?: boolean;
  readonly relation?: string;
  readonly target?: string;
  readonly component?: string;
  readonly repeatable?: boolean;
  readonly components?: readonly string[];
  readonly default?: unknown;
}

/** The attributes of a component or a content type, by name. */
export type StrapiAttributes = Readonly<Record<string, StrapiAttribute>>;

/** Which attributes of a page collection hold a Page's fields. */
export interface StrapiPageFields {
  /** The page id: the collection's first uid attribute (the slug). */
  readonly idField: string;
  readonly titleField: string;
  /** The dynamic zone whose blocks are the page's instances. */
  readonly blocksField: string;
  readonly revisionField: string;
}

/** A content type of the generated schema. */
export interface StrapiContentType {
  /** `/api/<pluralName>`. */
  readonly endpoint: string;
  readonly draftAndPublish: boolean;
  readonly localized: boolean;
  /** Present on page collections (a dynamic zone and a uid attribute). */
  readonly page?: StrapiPageFields;
  readonly attributes: StrapiAttributes;
}

/** `generated/registries/strapi-schema.json`, written by `catalog-schema generate`. */
export interface StrapiSchema {
  readonly version: string;
  readonly contentTypes: Readonly<Record<string, StrapiContentType>>;
  readonly components: Readonly<Record<string, { readonly attributes: StrapiAttributes }>>;
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
