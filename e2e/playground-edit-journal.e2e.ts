import { expect, test } from '@playwright/test';
import type { Page } from '@runtime-component-catalog/contracts';
import { editJournalCases, type StoredView } from './support/edit-journal-cases.js';
import { type PlaygroundProcess, startPlaygroundProcess } from './support/playground-process.js';

// The edit journal on the HTTP page store (docs/sdk-edit-journal.md, docs/playground.md "On an
// HTTP page store"): `PLAYGROUND_PAGE_STORE=http npm start`, its pages in the reference CMS, which
// the test reads and writes over REST from Node as any other client of the CMS does.

let playground: PlaygroundProcess;
/** The reference CMS's own URL (the editor reaches it through its `/cms`). */
let cms: string;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  playground = await startPlaygroundProcess('start', { env: { PLAYGROUND_PAGE_STORE: 'http' } });
  const printed = /reference CMS at (\S+)/.exec(playground.output)?.[1];
  if (printed === undefined) throw new Error(`npm start printed no reference CMS URL:\n${playground.output}`);
  cms = printed;
});
test.afterAll(async () => {
  await playground?.stop();
});

/** `GET /pages/:id` on the CMS. */
async function readPage(id: string): Promise<Page> {
  const response = await fetch(`${cms}/pages/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

function viewOf(page: Page): StoredView {
  return { revision: page.revision, title: page.title, heroTitle: page.content[0]?.props.title };
}

editJournalCases('the edit journal on the HTTP page store', () => ({
  editor: playground.url,
  read: async (id) => viewOf(await readPage(id)),
  async writeTitle(id, title) {
    // `PUT /pages/:id`: the page with the revision it was based on (409 when stale).
    const response = await fetch(`${cms}/pages/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...(await readPage(id)), title }),
    });
    expect(response.status).toBe(200);
    return viewOf((await response.json()) as Page);
  },
}));
