import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callStrapi, createDocument, type StrapiAnswer } from './strapi-rest.js';
import { type StrapiServer, startStrapiServer } from './strapi-server.js';

// The revision guard (docs/strapi-pages.md) over every Strapi action that changes a page's draft,
// in one Strapi 5.54 (js, SQLite) for the whole file: a revision once given out for a page id in a
// locale of a document is never given out again (discard, a locale deleted and created again), a change of a
// non-localized attribute moves the revision of every locale it reaches, and a page id names one
// page per locale on update and clone as on create.

interface PageDocument {
  readonly documentId: string;
  readonly slug: string;
  readonly title: string;
  readonly summary?: string | null;
  readonly revision: number;
  readonly locale: string;
}

type PageAnswer = StrapiAnswer<{ data: PageDocument | null; error?: { details?: { code?: string } } }>;

let server: StrapiServer;
let author: string;

beforeAll(async () => {
  server = await startStrapiServer();
  ({ documentId: author } = await createDocument(server, 'authors', { name: 'Ann', slug: 'ann', email: 'a@b.c' }));
  const french = { name: 'French (fr)', code: 'fr', isDefault: false };
  expect((await callStrapi(server, 'POST', '/i18n/locales', french, server.adminJwt)).status).toBe(200);
});

afterAll(async () => {
  await server?.close();
});

const draft = (locale: string) => `status=draft&locale=${locale}`;

async function createPage(slug: string, locale = 'en'): Promise<PageDocument> {
  const created: PageAnswer = await callStrapi(server, 'POST', `/api/pages?${draft(locale)}`, {
    data: { title: slug, slug, author },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data!;
}

function savePage(documentId: string, data: Record<string, unknown>, locale = 'en'): Promise<PageAnswer> {
  return callStrapi(server, 'PUT', `/api/pages/${documentId}?${draft(locale)}`, { data });
}

async function readPage(documentId: string, locale = 'en'): Promise<PageDocument | null> {
  const read: PageAnswer = await callStrapi(server, 'GET', `/api/pages/${documentId}?${draft(locale)}`);
  return read.status === 404 ? null : read.body.data;
}

/** A content manager action on a page (`actions/publish`, `actions/discard`, ...). */
function admin(path: string, body: unknown = {}, method = 'POST'): Promise<PageAnswer> {
  return callStrapi(server, method, `/content-manager/collection-types/api::page.page/${path}`, body, server.adminJwt);
}

function codeOf(answer: PageAnswer): string | undefined {
  return answer.body.error?.details?.code;
}

describe('a revision is never given out twice', () => {
  it('discarding a draft gives it a new revision, so saves based on the discarded or older ones are refused', async () => {
    const page = await createPage('discarded');
    expect((await admin('actions/bulkPublish', { documentIds: [page.documentId], locale: 'en' })).status).toBe(200);
    const e = await savePage(page.documentId, { title: 'Y', revision: 1 });
    expect(e.body.data).toMatchObject({ title: 'Y', revision: 2 });
    // D reads revision 2; the draft is discarded: the published content under revision 3.
    expect((await admin(`${page.documentId}/actions/discard?locale=en`)).status).toBe(200);
    expect(await readPage(page.documentId)).toMatchObject({ title: 'discarded', revision: 3 });
    for (const based of [1, 2]) {
      const stale = await savePage(page.documentId, { title: `on ${based}`, revision: based });
      expect([stale.status, codeOf(stale)], `based on ${based}`).toEqual([409, 'revision-conflict']);
    }
    expect((await savePage(page.documentId, { title: 'W', revision: 3 })).body.data).toMatchObject({ revision: 4 });
  });

  it('a locale deleted and created again starts above every revision it had', async () => {
    const page = await createPage('localized-once');
    expect((await savePage(page.documentId, { title: 'fr', slug: 'localized-once', revision: 0 }, 'fr')).status).toBe(
      200,
    );
    expect((await savePage(page.documentId, { title: 'fr 2', revision: 1 }, 'fr')).status).toBe(200);
    expect((await callStrapi(server, 'DELETE', `/api/pages/${page.documentId}?locale=fr&revision=2`)).status).toBe(204);
    const again = await savePage(page.documentId, { title: 'fr again', slug: 'localized-once', revision: 0 }, 'fr');
    expect(again.body.data).toMatchObject({ locale: 'fr', revision: 3 });
    // A client still holding revision 1 or 2 of the deleted locale is refused by the new one.
    for (const based of [1, 2]) expect((await savePage(page.documentId, { revision: based }, 'fr')).status).toBe(409);
    // And, before it is created again, a save based on the deleted locale does not undo the delete.
    expect((await callStrapi(server, 'DELETE', `/api/pages/${page.documentId}?locale=fr&revision=3`)).status).toBe(204);
    const stale = await savePage(page.documentId, { title: 'stale', revision: 3 }, 'fr');
    expect([stale.status, codeOf(stale)]).toEqual([409, 'revision-conflict']);
    expect(await readPage(page.documentId, 'fr')).toBeNull();
    expect(await readPage(page.documentId)).toMatchObject({ revision: 1 });
  });

  it('a document deleted as a whole never comes back: a new page at its page id is a new document', async () => {
    const first = await createPage('recreated');
    expect((await savePage(first.documentId, { revision: 1 })).status).toBe(200);
    expect((await callStrapi(server, 'DELETE', `/api/pages/${first.documentId}?locale=en&revision=2`)).status).toBe(
      204,
    );
    const second = await createPage('recreated');
    expect(second.documentId).not.toBe(first.documentId);
    expect(second.revision).toBe(1);
    // A save to the deleted document is not a save to the new one.
    expect((await savePage(first.documentId, { revision: 2 })).status).toBe(404);
    expect(await readPage(second.documentId)).toMatchObject({ revision: 1 });
  });
});

describe('a change of a non-localized attribute', () => {
  it('through one locale moves the revision of every locale it reaches', async () => {
    const page = await createPage('shared-summary');
    // A reads en at revision 1; B writes fr (a new locale) with a summary Strapi copies into en.
    const b = await savePage(page.documentId, { title: 'fr', slug: 'shared-summary', summary: 'B', revision: 0 }, 'fr');
    expect(b.body.data).toMatchObject({ locale: 'fr', revision: 1, summary: 'B' });
    expect(await readPage(page.documentId)).toMatchObject({ summary: 'B', revision: 2 });
    const a = await savePage(page.documentId, { summary: 'A', revision: 1 });
    expect([a.status, codeOf(a)]).toEqual([409, 'revision-conflict']);

    // An update of fr's summary moves en again; one of fr's title alone does not.
    expect((await savePage(page.documentId, { summary: 'B2', revision: 1 }, 'fr')).status).toBe(200);
    expect(await readPage(page.documentId)).toMatchObject({ summary: 'B2', revision: 3 });
    expect((await savePage(page.documentId, { title: 'fr 3', revision: 2 }, 'fr')).status).toBe(200);
    expect(await readPage(page.documentId)).toMatchObject({ summary: 'B2', revision: 3 });
    // The en writer based on what it read last keeps both locales' summaries in step.
    expect((await savePage(page.documentId, { summary: 'A', revision: 3 })).body.data).toMatchObject({ revision: 4 });
    expect(await readPage(page.documentId, 'fr')).toMatchObject({ summary: 'A', revision: 4 });
  });
});

describe('a page id names one page per locale', () => {
  it('an update cannot take a page id another page holds', async () => {
    const a = await createPage('slug-a');
    const b = await createPage('slug-b');
    const taken = await savePage(b.documentId, { slug: 'slug-a', title: 'taken', revision: 1 });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      name: 'ConflictError',
      message: 'Page "slug-a" already exists in en: a page id names one page (choose another slug)',
      details: { code: 'page-id-taken', revision: 1 },
    });
    expect(await readPage(b.documentId)).toMatchObject({ slug: 'slug-b', title: 'slug-b', revision: 1 });
    expect(await readPage(a.documentId)).toMatchObject({ slug: 'slug-a', revision: 1 });
  });

  it("the content manager's clone refuses a page id that is taken and takes a new one", async () => {
    const source = await createPage('cloned');
    const same = await admin(`clone/${source.documentId}?locale=en`, {});
    expect([same.status, codeOf(same)]).toEqual([400, 'page-id-taken']);
    const list = await callStrapi<{ data: PageDocument[] }>(
      server,
      'GET',
      `/api/pages?${draft('en')}&filters[slug][$eq]=cloned`,
    );
    expect(list.body.data).toHaveLength(1);
    const other = await admin(`clone/${source.documentId}?locale=en`, { slug: 'cloned-copy', title: 'Copy' });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.data).toMatchObject({ slug: 'cloned-copy', revision: 1 });
  });
});
