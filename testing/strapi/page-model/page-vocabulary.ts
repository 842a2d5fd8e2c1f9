// The vocabulary the model, the actors and the commands share: the locales, the few page ids a
// run uses, and a stored page version reduced to what the revision guard is about.

/** The page collection's locales in the test server (the file adds `fr`; `en` is the default). */
export const locales = ['en', 'fr'] as const;
/** A locale of the page collection. */
export type Locale = (typeof locales)[number];

/** The page ids of one run (the slug is the run's prefix and the name): few, so that they collide. */
export const pageNames = ['a', 'b', 'c'] as const;
/** A page id of a run, without its prefix. */
export type PageName = (typeof pageNames)[number];

/** Who reads and writes: two SDK page stores (each in both locales), a REST client, the content manager. */
export const actors = ['storeA', 'storeB', 'rest', 'admin'] as const;
/** An actor of the model. */
export type Actor = (typeof actors)[number];
/** The actors that go through the SDK's Strapi page store. */
export const storeActors = ['storeA', 'storeB'] as const;
/** An actor that is an SDK page store. */
export type StoreActor = (typeof storeActors)[number];

/** A page id in a locale: what a revision belongs to (docs/strapi-pages.md). */
export type Slot = `${PageName}/${Locale}`;

/** The slot of a page id in a locale. */
export function slotOf(name: PageName, locale: Locale): Slot {
  return `${name}/${locale}`;
}

/** The other locale: where a localization goes, where a non-localized change reaches. */
export function otherLocale(locale: Locale): Locale {
  return locale === 'en' ? 'fr' : 'en';
}

/** One stored version (draft or published) of a page in a locale. */
export interface PageRow {
  readonly documentId: string;
  readonly slug: string;
  readonly locale: Locale;
  readonly revision: number;
  readonly title: string;
  /** Title, summary (not localized: Strapi copies it to the other locales) and blocks, comparable. */
  readonly content: string;
}

type Document = Record<string, unknown>;

/** A hero block as every writer of the model writes it: one instance, titled. */
export function heroBlock(title: string): Record<string, unknown> {
  return {
    __component: 'hero.hero1',
    cmp_variant: 'hero1',
    title,
    cmp_instance: { id: 'hero', package: '@acme/ui-hero1', version: '1.0.0' },
  };
}

function blockKey(block: unknown): string {
  const { __component, title, cmp_instance } = block as Document;
  return `${String(__component)}:${String(title ?? '')}:${String((cmp_instance as Document | null)?.id ?? '')}`;
}

/** The content a version names: a short readable string, equal for equal contents. */
export function contentOf(document: Document): string {
  const blocks = Array.isArray(document.blocks) ? document.blocks.map(blockKey) : [];
  return `title=${JSON.stringify(document.title ?? null)} summary=${JSON.stringify(document.summary ?? null)} blocks=[${blocks.join(', ')}]`;
}

/** A row of REST's or the content manager's answer (its blocks populated). */
export function rowOf(document: Document, locale: Locale): PageRow {
  return {
    documentId: String(document.documentId),
    slug: String(document.slug),
    locale,
    revision: Number(document.revision ?? 0),
    title: String(document.title ?? ''),
    content: contentOf(document),
  };
}

/** A row in messages: `r2 <documentId> title=… summary=… blocks=[…]`. */
export function describeRow(row: PageRow | undefined): string {
  return row === undefined ? 'absent' : `r${row.revision} ${row.documentId} ${row.content}`;
}
