import { readFile } from 'node:fs/promises';
import type { Page } from '@runtime-component-catalog/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageArbitrary } from '../../testing/sdk/strapi-page-arbitrary.js';
import { createDocument, onePixelPng, uploadFile } from '../../testing/strapi/strapi-rest.js';
import { type StrapiServer, startStrapiServer } from '../../testing/strapi/strapi-server.js';
import { describeEditingSession } from '../editing-session.case.js';
import { describePageStore, newPage, tabsOf } from '../page-store/page-store.case.js';
import { SdkError } from '../sdk-error.js';
import { createStrapiPageStore, type StrapiPageStoreOptions } from './strapi-page-store.js';
import type { StrapiSchema } from './strapi-schema.js';

// The Strapi page store against a real Strapi 5.54 running the example schema package's generated
// app (testing/strapi/strapi-server.ts); its schema is the generated strapi-schema.json, as the
// golden tree of the example package holds it.
const schema = JSON.parse(
  await readFile(
    new URL('../../examples/schema-package/golden/generated/registries/strapi-schema.json.golden', import.meta.url),
    'utf8',
  ),
) as StrapiSchema;

let server: StrapiServer;
let started: Promise<StrapiServer> | undefined;
/** One Strapi for the file, started by the first test that needs it. */
const strapi = () => {
  started ??= startStrapiServer();
  return started;
};
afterAll(async () => {
  if (started !== undefined) await (await started).close();
});

/** Every request the store makes, counted on the page's real fetch. */
const requests: { method: string; url: string }[] = [];
const countingFetch: typeof fetch = (input, init) => {
  requests.push({ method: init?.method ?? 'GET', url: String(input) });
  return fetch(input, init);
};

function storeOn(running: StrapiServer, options: Partial<StrapiPageStoreOptions> = {}) {
  return createStrapiPageStore({
    url: running.url,
    schema,
    token: () => running.apiToken,
    locale: 'en',
    fetch: countingFetch,
    ...options,
  });
}

/** Deletes every page through REST, so each test starts from an empty collection. */
async function emptyPages(running: StrapiServer): Promise<void> {
  const store = storeOn(running);
  for (const page of await store.list()) await store.delete(page.id, page.revision);
  store.close();
}

async function freshTabs() {
  server = await strapi();
  await emptyPages(server);
  return tabsOf(async () => storeOn(server));
}

describePageStore('Strapi page store on Strapi 5.54', freshTabs);
describeEditingSession('the Strapi page store on Strapi 5.54', freshTabs);

async function failureOf(promise: Promise<unknown>): Promise<SdkError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(SdkError);
  return outcome as SdkError;
}

describe('the Strapi page store', () => {
  beforeAll(async () => {
    server = await strapi();
  });

  it('saves a page it has read with exactly one request, and creates one with one', async () => {
    await emptyPages(server);
    const store = storeOn(server);
    requests.length = 0;
    const created = await store.save(newPage('one-request'));
    expect(requests.map((request) => request.method)).toEqual(['POST']);
    requests.length = 0;
    const saved = await store.save({ ...created, title: 'Renamed' });
    expect(requests.map((request) => request.method)).toEqual(['PUT']);
    expect(saved).toMatchObject({ id: 'one-request', title: 'Renamed', revision: 2 });
    store.close();
  });

  it('lets exactly one of two concurrent saves of one revision win, atomically in Strapi', async () => {
    await emptyPages(server);
    const first = storeOn(server);
    const second = storeOn(server);
    const base = await first.save(newPage('race'));
    await second.get('race');
    for (let round = 0; round < 8; round++) {
      const current = (await first.get('race')) as Page;
      const mine = structuredClone(current);
      mine.content[0]!.props = { title: `first ${round}` };
      const theirs = structuredClone(current);
      theirs.content[0]!.props = { title: `second ${round}` };
      const outcomes = await Promise.allSettled([first.save(mine), second.save(theirs)]);
      const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(((lost[0] as PromiseRejectedResult).reason as SdkError).code).toBe('store-conflict');
      const stored = (await first.get('race')) as Page;
      expect(stored.revision).toBe(base.revision + round + 1);
      expect(stored.content).toEqual((won[0] as PromiseFulfilledResult<Page>).value.content);
    }
    first.close();
    second.close();
  });

  it('never saves an edit of a deleted page over a new page under its id, even at the same revision', async () => {
    await emptyPages(server);
    const editor = storeOn(server);
    const other = storeOn(server);
    const read = await editor.save(newPage('replaced'));
    const gone = (await other.get('replaced')) as Page;
    await other.delete('replaced', gone.revision);
    const replacement = await other.save({ ...newPage('replaced'), title: 'Replacement' });
    expect(replacement.revision).toBe(read.revision);
    // The editor's page was deleted: its save is refused, and stays refused until it reads again.
    const stale = { ...read, title: 'Stale edit' };
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await failureOf(editor.save(stale))).code).toBe('store-conflict');
    }
    expect(await other.get('replaced')).toMatchObject({ title: 'Replacement', revision: 1 });
    const current = (await editor.get('replaced')) as Page;
    expect(await editor.save({ ...current, title: 'Edit of the new page' })).toMatchObject({ revision: 2 });
    editor.close();
    other.close();
  });

  it('works as an end user with a users-permissions JWT, asked for before every request', async () => {
    await emptyPages(server);
    const login = await fetch(`${server.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: server.endUser.email, password: server.endUser.password }),
    });
    expect(login.status).toBe(200);
    const { jwt } = (await login.json()) as { jwt: string };
    let asked = 0;
    const store = storeOn(server, {
      token: async () => {
        asked++;
        return jwt;
      },
    });
    requests.length = 0;
    const saved = await store.save(newPage('end-user'));
    expect(await store.get('end-user')).toEqual(saved);
    expect((await store.list()).map((page) => page.id)).toEqual(['end-user']);
    expect(asked).toBe(requests.length);
    expect(asked).toBe(3);
    store.close();
  });

  it('refuses props the component cannot hold before any request', async () => {
    const store = storeOn(server);
    const page = newPage('refused');
    page.content[0]!.props = { title: 'Hi', theme: 'blue' };
    requests.length = 0;
    const error = await failureOf(store.save(page));
    expect(error.code).toBe('store-unmappable');
    expect(error.message).toBe(
      'Instance i1 (hero1): prop theme is "blue"; attribute hero.hero1.theme is an enumeration of light, dark. Nothing was saved',
    );
    expect(requests).toEqual([]);
    store.close();
  });

  it('turns 401 and 403 into store-unauthorized, without the token in the message', async () => {
    const token = 'not-a-real-token-7f3a';
    const store = storeOn(server, { token: () => token });
    const error = await failureOf(store.list());
    expect(error.code).toBe('store-unauthorized');
    expect(error.status).toBe(401);
    expect(error.message).not.toContain(token);
    store.close();
  });

  it('keeps media of the library and relations by documentId through a save and a read', async () => {
    await emptyPages(server);
    const file = await uploadFile(server, 'pixel.png', onePixelPng(), 'image/png');
    const article = await createDocument(server, 'articles', { title: 'Linked', slug: 'linked' });
    const store = storeOn(server);
    const page: Page = {
      id: 'media-and-relations',
      title: 'Media',
      revision: 0,
      updatedAt: new Date(0).toISOString(),
      content: [
        {
          id: 'c1',
          packageId: 'cards1',
          package: '@acme/ui-cards1',
          version: '1.0.0',
          props: {
            cmp_variant: 'cards1',
            gallery: [file],
            cards: [{ title: 'A card', featured: true, image: file, article: article.documentId }],
          },
        },
      ],
    };
    const saved = await store.save(page);
    expect(saved.content).toEqual(page.content);
    expect((await storeOn(server).get(page.id))?.content).toEqual(page.content);
    // The media field's source: the library's files, each as the {id, url} the prop holds.
    const listed = await store.mediaLibrary('pixel');
    expect(listed).toEqual([{ value: file, label: 'pixel.png', preview: `${server.url}${file.url}` }]);
    expect(await store.mediaLibrary('no-such-file')).toEqual([]);
    store.close();
  });

  it('runs the README snippet (docs/snippets/strapi-page-store.ts) as written', async () => {
    await emptyPages(server);
    const { editHomePage } = await import('../../docs/snippets/strapi-page-store.js');
    const { page, refused } = await editHomePage(server.url, schema, async () => server.apiToken);
    expect(refused).toMatch(/^api::page\.page does not accept hero2: its blocks zone holds hero\.hero1, /);
    expect(page).toMatchObject({ id: 'home', title: 'Home', revision: 1 });
    expect(page.content).toEqual([
      {
        id: 'hero-1',
        packageId: 'hero1',
        package: '@acme/ui-hero1',
        version: '1.0.0',
        props: { cmp_variant: 'hero1', title: 'Welcome', theme: 'dark' },
      },
    ]);
    // The refused save wrote nothing.
    expect(await storeOn(server).get('home')).toEqual(page);
  });

  it('says which variants the page accepts', () => {
    const store = storeOn(server);
    expect(store.acceptsVariant('hero1')).toBeUndefined();
    expect(store.acceptsVariant('hero2')).toBe(
      `api::page.page does not accept hero2: its blocks zone holds ${schema.contentTypes['api::page.page']?.attributes.blocks?.components?.join(', ')}`,
    );
    store.close();
  });

  it('round-trips random pages of the example package’s components unchanged (property)', async () => {
    await emptyPages(server);
    const file = await uploadFile(server, 'random.png', onePixelPng(), 'image/png');
    const article = await createDocument(server, 'articles', { title: 'Random target', slug: 'random-target' });
    const store = storeOn(server);
    const blocks = schema.contentTypes['api::page.page']?.attributes.blocks?.components ?? [];
    let next = 0;
    const pools = { files: [file], documents: { 'api::article.article': [article.documentId] } };
    await fc.assert(
      fc.asyncProperty(
        pageArbitrary(schema, blocks, pools, () => `random-${next++}`),
        async (page) => {
          const saved = await store.save(page);
          expect(saved.content).toEqual(page.content);
          expect(saved.title).toBe(page.title);
          const read = await store.get(page.id);
          expect(read).toEqual(saved);
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 30) },
    );
    store.close();
  });
});
