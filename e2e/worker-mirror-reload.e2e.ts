import { expect, type Request, test } from '@playwright/test';
import { originStats } from './support/origin-stats.js';
import { openScenario } from './support/scenario.js';

test('the worker mirrors entry, data.json and module; a reload inserts with one 304 per resource and no origin request', async ({
  context,
}) => {
  const page = await openScenario(context, 'mirror-first', '&sw=1');
  await page.evaluate(() => window.scenario.list());
  await page.evaluate(() => window.scenario.insert('counter1'));
  const status = await page.evaluate(() => window.scenario.worker!.status());
  const mirrored = status.urls.map((url) => new URL(url).pathname + new URL(url).search);
  expect(mirrored).toEqual(
    expect.arrayContaining([
      '/catalog.json',
      '/api/runtime-catalog/counter1',
      '/api/runtime-catalog/counter1/data.json',
      expect.stringMatching(/^\/api\/remote-component\?url=/),
    ]),
  );

  const before = await originStats();
  const fromWorker: Request[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker() !== null) fromWorker.push(request);
  });
  await page.goto(`${process.env.E2E_BASE_URL}/?page=mirror-second&sw=1`);
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1);
  fromWorker.length = 0; // the catalog load of stage 1 is not part of the insert
  const instance = await page.evaluate(() => window.scenario.insert('counter1'));
  await expect(page.locator(`[data-instance-id="${instance.id}"] button`)).toHaveText('CLICKS: 0!');

  const answered = await Promise.all(
    fromWorker.map(async (request) => {
      const url = new URL(request.url());
      return { path: url.pathname, status: (await request.response())!.status() };
    }),
  );
  expect(answered.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
    { path: '/api/remote-component', status: 304 },
    { path: '/api/runtime-catalog/counter1', status: 304 },
    { path: '/api/runtime-catalog/counter1/data.json', status: 304 },
  ]);
  const after = await originStats();
  expect({ artifacts: after.artifacts - after.catalog, esm: after.esm }).toEqual({
    artifacts: before.artifacts - before.catalog,
    esm: before.esm,
  });
});
