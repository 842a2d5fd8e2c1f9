import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callStrapi, createDocument, type StrapiAnswer, uploadFile } from './strapi-rest.js';
import { type StrapiServer, startStrapiServer } from './strapi-server.js';

// The revision guard generate writes for a page collection (docs/strapi-pages.md), over real HTTP:
// examples/schema-package in one Strapi 5.54 (js, SQLite) for the whole file. `page` has draft &
// publish and i18n; pages are written as drafts in a locale, as the SDK's store writes them.

interface PageDocument {
  readonly documentId: string;
  readonly slug: string;
  readonly title: string;
  readonly revision: number;
  readonly locale: string;
  readonly publishedAt: string | null;
  readonly blocks?: Record<string, unknown>[];
}

type PageAnswer = StrapiAnswer<{ data: PageDocument | null; error?: unknown }>;

let server: StrapiServer;
let author: string;

beforeAll(async () => {
  server = await startStrapiServer();
  ({ documentId: author } = await createDocument(server, 'authors', {
    name: 'Ann',
    slug: 'ann',
    email: 'ann@example.com',
  }));
});

afterAll(async () => {
  await server?.close();
});

/** A hero block with its instance (the component's `cmp_instance`). */
function hero(title: string, instance = `instance-${title}`): Record<string, unknown> {
  return {
    __component: 'hero.hero1',
    cmp_variant: 'hero1',
    title,
    cmp_instance: { id: instance, package: '@acme/ui-hero1', version: '1.0.0' },
  };
}

/** Every block of the page with its nested components, media and relations (`on` fragments). */
const blocksPopulate = new URLSearchParams({
  'populate[blocks][on][hero.hero1][populate]': '*',
  'populate[blocks][on][cards.cards1][populate][cards][populate]': '*',
  'populate[blocks][on][cards.cards1][populate][gallery]': 'true',
  'populate[blocks][on][form.form1][populate]': '*',
}).toString();

function draftOf(locale: string): string {
  return `status=draft&locale=${locale}`;
}

async function createPage(slug: string, data: Record<string, unknown> = {}, locale = 'en'): Promise<PageAnswer> {
  const page = { title: slug, slug, author, blocks: [hero(slug)], ...data };
  return callStrapi(server, 'POST', `/api/pages?${draftOf(locale)}`, { data: page });
}

async function savePage(documentId: string, data: Record<string, unknown>, locale = 'en'): Promise<PageAnswer> {
  return callStrapi(server, 'PUT', `/api/pages/${documentId}?${draftOf(locale)}`, { data });
}

async function readPage(documentId: string, query = draftOf('en')): Promise<PageAnswer> {
  return callStrapi(server, 'GET', `/api/pages/${documentId}?${query}&${blocksPopulate}`);
}

/** A new draft page in English: its documentId. */
async function newPage(slug: string): Promise<string> {
  const created = await createPage(slug);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data!.documentId;
}

/** Strapi's error body for the guard's conflict over REST. */
function conflictBody(slug: string, stored: number, based: number) {
  return {
    data: null,
    error: {
      status: 409,
      name: 'ConflictError',
      message: `Page "${slug}" was saved elsewhere (revision ${stored}); this change was based on revision ${based}`,
      details: { code: 'revision-conflict', revision: stored },
    },
  };
}

describe('the revision guard of a page collection, over REST', () => {
  it('creates at revision 1, counts each update, refuses a stale or missing revision and changes nothing', async () => {
    const created = await createPage('guarded', { revision: 7 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ slug: 'guarded', revision: 1, locale: 'en', publishedAt: null });
    const id = created.body.data!.documentId;

    const saved = await savePage(id, { title: 'Saved', revision: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title: 'Saved', revision: 2 });

    const stale = await savePage(id, { title: 'Stale', revision: 1 });
    expect(stale).toEqual({ status: 409, body: conflictBody('guarded', 2, 1) });
    for (const revision of [undefined, '2', 2.5, null]) {
      const missing = await savePage(id, { title: 'No revision', revision });
      expect(missing, String(revision)).toEqual({
        status: 400,
        body: {
          data: null,
          error: {
            status: 400,
            name: 'ApplicationError',
            message: 'Page "guarded": an update (data.revision) must state the revision it is based on',
            details: { code: 'revision-required', revision: 2 },
          },
        },
      });
    }
    const read = await readPage(id);
    expect(read.body.data).toMatchObject({ title: 'Saved', revision: 2, blocks: [hero('guarded')] });
  });

  it('lets exactly one of two saves based on the same revision win, and keeps the winner', async () => {
    const id = await newPage('raced');
    for (let round = 1; round <= 10; round += 1) {
      const blocks = (writer: string) => [hero(`${writer}-${round}`), hero(`both-${round}`)];
      const [a, b] = await Promise.all([
        savePage(id, { revision: round, blocks: blocks('a') }),
        savePage(id, { revision: round, blocks: blocks('b') }),
      ]);
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([200, 409]);
      const [winner, loser] = a.status === 200 ? ['a', b] : ['b', a];
      expect(loser.body).toEqual(conflictBody('raced', round + 1, round));
      const read = await readPage(id);
      expect(read.body.data?.revision).toBe(round + 1);
      expect(read.body.data?.blocks).toMatchObject(blocks(winner));
    }
  });

  it('refuses a delete at a stale ?revision= and deletes at the current one; a delete without it is allowed', async () => {
    const id = await newPage('deleted');
    expect((await savePage(id, { revision: 1, title: 'Once more' })).status).toBe(200);
    const stale = await callStrapi(server, 'DELETE', `/api/pages/${id}?locale=en&revision=1`);
    expect(stale).toEqual({ status: 409, body: conflictBody('deleted', 2, 1) });
    expect((await readPage(id)).status).toBe(200);
    expect(await callStrapi(server, 'DELETE', `/api/pages/${id}?locale=en&revision=2`)).toEqual({
      status: 204,
      body: undefined,
    });
    expect((await readPage(id)).status).toBe(404);

    const unguarded = await newPage('deleted-unguarded');
    expect((await callStrapi(server, 'DELETE', `/api/pages/${unguarded}?locale=en`)).status).toBe(204);
    expect((await readPage(unguarded)).status).toBe(404);
  });

  it('refuses a second page with a page id (slug) taken in the locale, as a conflict with it', async () => {
    const id = await newPage('taken');
    expect((await savePage(id, { revision: 1 })).status).toBe(200);
    expect(await createPage('taken')).toEqual({ status: 409, body: conflictBody('taken', 2, 0) });
  });
});

describe('the revision guard, through the admin', () => {
  it("refuses the content manager's save of a stale form and takes the current one", async () => {
    const id = await newPage('admin-edited');
    const path = `/content-manager/collection-types/api::page.page/${id}?locale=en`;
    expect((await savePage(id, { revision: 1, title: 'Saved over REST' })).status).toBe(200);
    const stale = await callStrapi(server, 'PUT', path, { title: 'Stale form', revision: 1 }, server.adminJwt);
    expect(stale).toEqual({
      status: 400,
      body: {
        data: null,
        error: {
          status: 400,
          name: 'ApplicationError',
          message: 'Page "admin-edited" was saved elsewhere (revision 2); this change was based on revision 1',
          details: { code: 'revision-conflict', revision: 2 },
        },
      },
    });
    const current = await callStrapi<{ data: PageDocument }>(
      server,
      'PUT',
      path,
      { title: 'Current form', revision: 2 },
      server.adminJwt,
    );
    expect(current.status).toBe(200);
    expect(current.body.data).toMatchObject({ title: 'Current form', revision: 3 });
    expect((await readPage(id)).body.data).toMatchObject({ title: 'Current form', revision: 3 });
  });
});

describe('blocks through a save and a read', () => {
  it('keep their cmp_instance, in order, with nested components, media and relations', async () => {
    const image = await uploadFile(server, 'dot.png', onePixelPng, 'image/png');
    const { documentId: article } = await createDocument(server, 'articles', { title: 'Linked', slug: 'linked' });
    const cards = {
      __component: 'cards.cards1',
      cmp_variant: 'cards1',
      cards: [{ cmp_variant: 'card', title: 'Card', featured: true, image: image.id, article }],
      gallery: [image.id],
      cmp_instance: { id: 'cards-instance', package: '@acme/ui-cards1', version: '2.1.0' },
    };
    const created = await createPage('with-blocks', { blocks: [{ ...hero('Top'), image: image.id }, cards] });
    expect(created.status).toBe(201);
    const id = created.body.data!.documentId;
    const read = await readPage(id);
    const [top, grid] = read.body.data?.blocks ?? [];
    expect(top).toMatchObject({ ...hero('Top'), image: { id: image.id, url: image.url } });
    expect(grid).toMatchObject({
      __component: 'cards.cards1',
      cmp_instance: cards.cmp_instance,
      gallery: [{ id: image.id, url: image.url }],
      cards: [{ title: 'Card', image: { id: image.id }, article: { documentId: article } }],
    });

    // Reordered: each instance stays with its block.
    const reordered = [cards, { ...hero('Top'), image: image.id }];
    expect((await savePage(id, { revision: 1, blocks: reordered })).status).toBe(200);
    const again = (await readPage(id)).body.data?.blocks ?? [];
    expect(again.map((block) => block.cmp_instance)).toEqual([cards.cmp_instance, hero('Top').cmp_instance]);
    expect(again[0]).toMatchObject({ cards: [{ article: { documentId: article } }] });
  });
});

describe('drafts, publishing and locales', () => {
  it('publishing, unpublishing and a new locale keep each locale its own revision', async () => {
    const id = await newPage('published');
    const published = await callStrapi<{ data: PageDocument }>(
      server,
      'PUT',
      `/api/pages/${id}?status=published&locale=en`,
      { data: { title: 'Live', revision: 1 } },
    );
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ title: 'Live', revision: 2 });
    expect((await readPage(id, 'status=published&locale=en')).body.data).toMatchObject({ revision: 2 });
    expect((await savePage(id, { title: 'Draft edit', revision: 2 })).body.data).toMatchObject({ revision: 3 });
    expect((await readPage(id, 'status=published&locale=en')).body.data).toMatchObject({ title: 'Live', revision: 2 });

    // The content manager's publish and unpublish copy the draft's revision, nothing more.
    const admin = (action: string, body: unknown) =>
      callStrapi(server, 'POST', `/content-manager/collection-types/api::page.page/${action}`, body, server.adminJwt);
    expect((await admin('actions/bulkPublish', { documentIds: [id], locale: 'en' })).status).toBe(200);
    expect((await readPage(id, 'status=published&locale=en')).body.data).toMatchObject({
      title: 'Draft edit',
      revision: 3,
    });
    expect((await admin(`${id}/actions/unpublish?locale=en`, {})).status).toBe(200);
    expect((await readPage(id, 'status=published&locale=en')).status).toBe(404);
    expect((await readPage(id)).body.data).toMatchObject({ title: 'Draft edit', revision: 3 });

    // A second locale: created by an update of the document, at revision 1, guarded on its own.
    const french = { name: 'French (fr)', code: 'fr', isDefault: false };
    const locale = await callStrapi(server, 'POST', '/i18n/locales', french, server.adminJwt);
    expect(locale.status, JSON.stringify(locale.body)).toBe(200);
    const translated = await savePage(id, { title: 'Publié', slug: 'published', revision: 0 }, 'fr');
    expect(translated.status).toBe(200);
    expect(translated.body.data).toMatchObject({ locale: 'fr', revision: 1 });
    expect((await savePage(id, { title: 'Encore', revision: 1 }, 'fr')).body.data).toMatchObject({ revision: 2 });
    expect(await savePage(id, { title: 'Périmé', revision: 1 }, 'fr')).toEqual({
      status: 409,
      body: conflictBody('published', 2, 1),
    });
    expect((await readPage(id)).body.data).toMatchObject({ title: 'Draft edit', revision: 3 });
    expect(await createPage('published', {}, 'fr')).toEqual({ status: 409, body: conflictBody('published', 2, 0) });
  });
});

/** The smallest PNG: one transparent pixel. */
const onePixelPng = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (character) => character.charCodeAt(0),
);
