import { strapiSchema } from '../generate/registries/strapi-schema.js';
import type { CompiledSchema } from '../model/compiled-schema.js';

/** One Strapi attribute as the generated schema declares it (the keys migrate-pages reads). */
export interface PagesAttribute {
  readonly type: string;
  readonly required?: boolean;
  readonly private?: boolean;
  readonly multiple?: boolean;
  readonly relation?: string;
  readonly component?: string;
  readonly repeatable?: boolean;
  readonly components?: readonly string[];
}

/** Attributes by name. */
export type PagesAttributes = Readonly<Record<string, PagesAttribute>>;

/**
 * The Strapi facts of the compiled schema, exactly what `generate` writes as
 * `strapi-schema.json` (docs/strapi-pages.md "The generated schema the SDK reads"): derived here
 * from the same function, so migrate-pages and the generated Strapi app never disagree.
 */
export interface PagesSchema {
  readonly contentTypes: Readonly<
    Record<
      string,
      {
        readonly endpoint: string;
        readonly draftAndPublish: boolean;
        readonly localized: boolean;
        readonly page?: { readonly idField: string; readonly blocksField: string; readonly revisionField: string };
        readonly attributes: PagesAttributes;
      }
    >
  >;
  readonly components: Readonly<Record<string, { readonly attributes: PagesAttributes }>>;
}

/** A page collection as migrate-pages reads and writes it. */
export interface PageCollection {
  readonly uid: string;
  /** `/api/<pluralName>`. */
  readonly endpoint: string;
  readonly draftAndPublish: boolean;
  readonly localized: boolean;
  /** The page id attribute (the slug), for reports. */
  readonly idField: string;
  /** The dynamic zone whose blocks are the instances. */
  readonly blocksField: string;
  /** The revision the guard checks (docs/strapi-pages.md "The revision guard"). */
  readonly revisionField: string;
  /** The components the zone accepts. */
  readonly blockComponents: readonly string[];
}

/** The Strapi facts of `compiled`. */
export function pagesSchemaOf(compiled: CompiledSchema): PagesSchema {
  return strapiSchema(compiled) as unknown as PagesSchema;
}

/** Every page collection of the schema (a dynamic zone and a uid attribute), in the schema's order. */
export function pageCollectionsOf(schema: PagesSchema): PageCollection[] {
  const collections: PageCollection[] = [];
  for (const [uid, contentType] of Object.entries(schema.contentTypes)) {
    const page = contentType.page;
    if (page === undefined) continue;
    collections.push({
      uid,
      endpoint: contentType.endpoint,
      draftAndPublish: contentType.draftAndPublish,
      localized: contentType.localized,
      idField: page.idField,
      blocksField: page.blocksField,
      revisionField: page.revisionField,
      blockComponents: contentType.attributes[page.blocksField]?.components ?? [],
    });
  }
  return collections;
}
