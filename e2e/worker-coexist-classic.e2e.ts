import { expect, test } from '@playwright/test';
import type {} from './pages/coexist-page.js';
import { type CoexistApp, startCoexistApp } from './support/coexist-app.js';

// An editor that has a hand-written classic worker (runtime-cached shell, a same-origin
// catch-all) and registers it itself: the worker does `importScripts` of the catalog's routes
// script, which the catalog's Vite plugin serves (`routesPath`), and registers the routes with
// options. The page reaches the catalog through registerCatalogWorker on the same script URL.
// Uses the built SDK package (`npm test` builds first).

let app: CoexistApp;

test.beforeAll(async () => {
  test.setTimeout(120_000); // a Vite build on a loaded machine
  app = await startCoexistApp('coexist-classic', { plugin: { routesPath: '/catalog-sw-routes.js' } });
});

test.afterAll(async () => {
  await app?.close();
});

test('a classic worker that imports the catalog routes script: its shell from its cache, the host from the mirror, offline too', async ({
  context,
}) => {
  const fromWorker: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker() !== null) fromWorker.push(new URL(request.url()).pathname);
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${app.url}/`);
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1);
  // One registration: the app's own script URL, which registerCatalogWorker did not change.
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(`${app.url}/sw.js`);
  // A reload under the worker puts the shell into the app's cache (a worker that caches at run time).
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1);
  const shell = await page.evaluate(() => window.coexist!.cached('app-shell'));
  expect(shell).toContain('/');
  expect(shell.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);

  fromWorker.length = 0;
  const catalogPaths = ['/catalog.json', '/api/runtime-catalog/counter1', '/api/runtime-catalog/counter1/data.json'];
  for (const path of catalogPaths) {
    const answer = await page.evaluate((url) => window.coexist!.get(url), path);
    expect([path, answer.status, answer.mirror]).toEqual([path, 200, null]);
  }
  // One request each, by the catalog's routes; the app's catch-all saw none of them.
  expect(fromWorker.sort()).toEqual([...catalogPaths].sort());
  expect((await page.evaluate(() => window.coexist!.worker.status())).urls).toEqual(
    catalogPaths.map((path) => `${app.url}${path}`),
  );
  const cachedByApp = await page.evaluate(() => window.coexist!.cached('app-shell'));
  expect(cachedByApp.filter((path) => path.startsWith('/api/') || path === '/catalog.json')).toEqual([]);
  expect(await page.evaluate(() => window.coexist!.repliesTo({ type: 'SKIP_WAITING' }))).toEqual([]);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('body[data-ready="true"]')).toHaveCount(1);
    const entry = await page.evaluate(() => window.coexist!.get('/api/runtime-catalog/counter1/data.json'));
    expect([entry.status, entry.mirror, JSON.parse(entry.body)]).toEqual([
      200,
      'offline',
      { label: 'Clicks', start: 0 },
    ]);
    const unknown = await page.evaluate(() => window.coexist!.get('/api/runtime-catalog/hero1'));
    expect([unknown.status, unknown.body]).toEqual([0, 'TypeError: Failed to fetch']);
    await page.evaluate(() => window.coexist!.worker.clear());
    expect((await page.evaluate(() => window.coexist!.worker.status())).entries).toBe(0);
  } finally {
    await context.setOffline(false);
  }
});
