import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import type {} from './pages/coexist-page.js';
import { type CoexistApp, startCoexistApp } from './support/coexist-app.js';

// An editor that has a Workbox worker of its own (precache, navigation fallback, a same-origin
// catch-all), bundled by its build with the catalog's routes imported first
// (`@runtime-component-catalog/sdk/service-worker/routes`, the README's snippet). One worker: the
// app shell comes from the app's precache, the host's answers from the catalog's mirror, online and
// offline. Uses the built SDK package (`npm test` builds first).

let app: CoexistApp;

test.beforeAll(async () => {
  test.setTimeout(120_000); // two Vite builds on a loaded machine
  app = await startCoexistApp('coexist-bundled', { bundledWorker: 'sw.js', notPrecached: ['app-data.json'] });
});

test.afterAll(async () => {
  await app?.close();
});

async function open(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${app.url}/`);
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1);
  return page;
}

test('a Workbox worker that imports the catalog routes first: its shell from its precache, the host from the mirror, offline too', async ({
  context,
}) => {
  const fromWorker: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker() !== null) fromWorker.push(new URL(request.url()).pathname);
  });
  const page = await open(context);
  // The catalog's configuration came through the app worker's script URL.
  const script = new URL(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL));
  expect([script.pathname, script.searchParams.get('catalog')]).toEqual(['/sw.js', `${app.url}/catalog.json`]);
  expect(await page.evaluate(() => window.coexist!.worker.status())).toEqual({
    type: 'mirror-status',
    entries: 0,
    bytes: 0,
    maxBytes: 50 * 1024 * 1024,
    urls: [],
  });

  // Online: the catalog's routes answer the host's routes and the catalog, one request each from
  // the worker (the app's catch-all never made a second one), and the app's cache keeps none of them.
  fromWorker.length = 0;
  const catalogPaths = ['/catalog.json', '/api/runtime-catalog/counter1', '/api/runtime-catalog/counter1/data.json'];
  for (const path of [...catalogPaths, '/app-data.json']) {
    const answer = await page.evaluate((url) => window.coexist!.get(url), path);
    expect([path, answer.status, answer.mirror]).toEqual([path, 200, null]);
  }
  expect(fromWorker.sort()).toEqual([...catalogPaths, '/app-data.json'].sort());
  expect((await page.evaluate(() => window.coexist!.worker.status())).urls).toEqual(
    catalogPaths.map((path) => `${app.url}${path}`),
  );
  expect(await page.evaluate(() => window.coexist!.cached('runtime'))).toEqual(['/app-data.json']);
  // The app worker's own message is its own: the catalog does not answer it.
  expect(await page.evaluate(() => window.coexist!.repliesTo({ type: 'SKIP_WAITING' }))).toEqual([
    { type: 'SKIP_WAITING', from: 'app worker' },
  ]);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('body[data-ready="true"]')).toHaveCount(1);
    const entry = await page.evaluate(() => window.coexist!.get('/api/runtime-catalog/counter1'));
    expect([entry.status, entry.mirror, JSON.parse(entry.body).id]).toEqual([200, 'offline', 'counter1']);
    const catalog = await page.evaluate(() => window.coexist!.get('/catalog.json'));
    expect([catalog.status, catalog.mirror]).toEqual([200, 'offline']);
    // The app's runtime cache answers what it cached; what neither holds fails as the network does.
    const appData = await page.evaluate(() => window.coexist!.get('/app-data.json'));
    expect([appData.status, appData.mirror, JSON.parse(appData.body)]).toEqual([
      200,
      null,
      { app: 'data the app worker caches at run time' },
    ]);
    const unknown = await page.evaluate(() => window.coexist!.get('/api/runtime-catalog/hero1'));
    expect([unknown.status, unknown.body]).toEqual([0, 'TypeError: Failed to fetch']);
    expect((await page.evaluate(() => window.coexist!.worker.status())).entries).toBe(3);
  } finally {
    await context.setOffline(false);
  }
});
