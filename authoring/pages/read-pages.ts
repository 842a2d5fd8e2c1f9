import { blocksPopulate, bracketQuery } from '@runtime-component-catalog/contracts';
import { AuthoringError } from '../authoring-error.js';
import type { PageCollection, PagesSchema } from './pages-schema.js';
import type { PageDocument } from './plan-page.js';
import type { StrapiClient } from './strapi-client.js';

/** Pages read per request: a page of 25 documents, each with every block populated. */
const pageSize = 25;

/** The query that populates every block of the zone (Strapi 5 populates a dynamic zone only through `on` fragments). */
function blocksQuery(collection: PageCollection, schema: PagesSchema): string {
  return bracketQuery({ populate: blocksPopulate(collection.blocksField, collection.blockComponents, schema) });
}

/** The scope of a read or write: the draft (or published) version, in a locale. */
function scope(collection: PageCollection, locale: string | undefined, status: 'draft' | 'published'): string[] {
  return [
    collection.draftAndPublish ? `status=${status}` : '',
    locale === undefined ? '' : `locale=${encodeURIComponent(locale)}`,
  ].filter((part) => part !== '');
}

/** The locales to read a collection in: every locale of Strapi's i18n plugin, or none for a collection without i18n. */
export async function localesOf(client: StrapiClient, collection: PageCollection): Promise<(string | undefined)[]> {
  if (!collection.localized) return [undefined];
  const body = client.ok(
    await client.request('GET', '/api/i18n/locales'),
    'listing the locales (GET /api/i18n/locales)',
  );
  if (!Array.isArray(body))
    throw new AuthoringError('migrate-pages-failed', 'GET /api/i18n/locales: not a list of locales');
  return body.map((locale) => String((locale as { code?: unknown }).code));
}

/** Every document of the collection in `locale` and `status`, with its blocks populated, 25 a request in id order. */
export async function* readPages(
  client: StrapiClient,
  collection: PageCollection,
  schema: PagesSchema,
  locale: string | undefined,
  status: 'draft' | 'published',
): AsyncGenerator<PageDocument> {
  const populate = blocksQuery(collection, schema);
  for (let number = 1; ; number += 1) {
    const query = [
      ...scope(collection, locale, status),
      populate,
      'sort[0]=id:asc',
      `pagination[page]=${number}`,
      `pagination[pageSize]=${pageSize}`,
    ];
    const what = `reading ${collection.endpoint} (${locale ?? 'no locale'}, ${status}, page ${number})`;
    const body = client.ok(await client.request('GET', `${collection.endpoint}?${query.join('&')}`), what) as {
      data?: Record<string, unknown>[];
      meta?: { pagination?: { pageCount?: number } };
    };
    for (const document of body.data ?? []) yield { document, collection, locale, status };
    if (number >= (body.meta?.pagination?.pageCount ?? 1)) return;
  }
}

/** The draft of one document in `locale`, read again (after a conflict), or undefined when it is gone. */
export async function readDraft(
  client: StrapiClient,
  collection: PageCollection,
  schema: PagesSchema,
  documentId: string,
  locale: string | undefined,
): Promise<PageDocument | undefined> {
  const query = [...scope(collection, locale, 'draft'), blocksQuery(collection, schema)].join('&');
  const answer = await client.request('GET', `${collection.endpoint}/${encodeURIComponent(documentId)}?${query}`);
  if (answer.status === 404) return undefined;
  const body = client.ok(answer, `reading ${collection.endpoint}/${documentId}`) as { data?: Record<string, unknown> };
  return body.data === undefined ? undefined : { document: body.data, collection, locale, status: 'draft' };
}

/** Updates the draft of one document in `locale` with `data` (its `revision` is the one read: the guard checks it). */
export function updateDraft(
  client: StrapiClient,
  collection: PageCollection,
  documentId: string,
  locale: string | undefined,
  data: Record<string, unknown>,
) {
  const query = scope(collection, locale, 'draft').join('&');
  return client.request('PUT', `${collection.endpoint}/${encodeURIComponent(documentId)}?${query}`, { data });
}
