import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openScenario } from './support/scenario.js';

test('the worker mirrors a versioned entry under its full URL and answers it offline, never for another version', async ({
  context,
}) => {
  // An older published version of counter1 in the artifacts store, as `<package>@<version>/`.
  const store = join(process.env.E2E_ARTIFACTS_DIR!, '@acme');
  await cp(join(store, 'ui-counter1@1.0.0'), join(store, 'ui-counter1@0.9.0'), { recursive: true });
  const page = await openScenario(context, 'versioned-entry', '&sw=1');
  const read = (path: string) =>
    page.evaluate(async (url) => {
      const response = await fetch(url);
      return {
        status: response.status,
        mirror: response.headers.get('x-catalog-mirror'),
        body: response.status === 200 ? await response.text() : '',
      };
    }, path);

  const online = await read('/api/runtime-catalog/counter1?version=0.9.0');
  expect(online).toMatchObject({ status: 200, mirror: null });
  expect(JSON.parse(online.body)).toMatchObject({ id: 'counter1', version: '0.9.0' });
  expect((await read('/api/runtime-catalog/counter1?version=^1.0.0')).status).toBe(400);
  const status = await page.evaluate(() => window.scenario.worker!.status());
  const mirrored = status.urls.map((url) => new URL(url).pathname + new URL(url).search);
  expect(mirrored).toContain('/api/runtime-catalog/counter1?version=0.9.0');
  expect(mirrored).not.toContain('/api/runtime-catalog/counter1?version=^1.0.0');

  await context.setOffline(true);
  const offline = await read('/api/runtime-catalog/counter1?version=0.9.0');
  expect(offline).toEqual({ status: 200, mirror: 'offline', body: online.body });
  // Another version was never mirrored: the network error passes through, no other copy stands in.
  const other = await page.evaluate(() =>
    fetch('/api/runtime-catalog/counter1?version=1.0.0').then(
      (response) => response.status,
      (error: unknown) => (error instanceof Error ? error.name : 'error'),
    ),
  );
  expect(other).toBe('TypeError');
  await context.setOffline(false);
});
