import { expect, test } from '@playwright/test';
import { callStrapi } from '../testing/strapi/strapi-rest.js';
import { editJournalCases, type StoredView } from './support/edit-journal-cases.js';
import { type PlaygroundProcess, startPlaygroundProcess } from './support/playground-process.js';

// The edit journal on Strapi (docs/sdk-edit-journal.md, docs/playground.md "On Strapi"): `npm run
// start:strapi`, the editor's pages documents of the page collection, read and written by the test
// through Strapi's REST API as any other client does (the generated guard checks the revision).

let playground: PlaygroundProcess;
/** Strapi's URL and development API token, as `npm run start:strapi` prints them. */
let strapi: { readonly url: string; readonly apiToken: string };
test.beforeAll(async () => {
  test.setTimeout(300_000);
  playground = await startPlaygroundProcess('start:strapi');
  const url = /Strapi at (\S+) /.exec(playground.output)?.[1];
  const apiToken = /Strapi API token \(development\): (\S+)/.exec(playground.output)?.[1];
  if (url === undefined || apiToken === undefined) {
    throw new Error(`npm run start:strapi printed no Strapi URL or token:\n${playground.output}`);
  }
  strapi = { url, apiToken };
});
test.afterAll(async () => {
  await playground?.stop();
});

interface StoredPage {
  readonly documentId: string;
  readonly title: string;
  readonly revision: number;
  readonly blocks: Record<string, unknown>[];
}

/** The draft of page `slug` as any REST client reads it. */
async function readPage(slug: string): Promise<StoredPage> {
  const query = `filters[slug][$eq]=${slug}&status=draft&locale=en&populate[blocks][populate]=*`;
  const { status, body } = await callStrapi<{ data: StoredPage[] }>(strapi, 'GET', `/api/pages?${query}`);
  expect(status).toBe(200);
  expect(body.data).toHaveLength(1);
  return body.data[0]!;
}

function viewOf(page: StoredPage): StoredView {
  return { revision: page.revision, title: page.title, heroTitle: page.blocks[0]?.title };
}

editJournalCases('the edit journal on Strapi', () => ({
  editor: playground.url,
  read: async (slug) => viewOf(await readPage(slug)),
  async writeTitle(slug, title) {
    // A script's write of one field, based on the revision it read (the guard answers 409 when stale).
    const page = await readPage(slug);
    const { status, body } = await callStrapi(strapi, 'PUT', `/api/pages/${page.documentId}?status=draft&locale=en`, {
      data: { revision: page.revision, title },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    return viewOf(await readPage(slug));
  },
}));
