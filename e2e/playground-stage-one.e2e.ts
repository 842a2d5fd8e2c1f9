import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openPlayground } from './support/playground.js';

test('the editor lists the catalog at stage 1 without fetching any entry, artifact or module', async ({ context }) => {
  const requests: string[] = [];
  context.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const page = await openPlayground(context, 'stage-one');
  // Whatever the editor would fetch on its own has been fetched.
  await page.waitForLoadState('networkidle');
  // The variants of examples/schema-package, as `npm start` published them: grouped by category,
  // in the catalog's order (publish's: by package folder).
  const items = page.locator('[data-package-id]');
  await expect(items).toHaveCount(7);
  expect(
    await items.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-package-id'))),
  ).toEqual(['callout1', 'features1', 'cards1', 'counter1', 'cta1', 'form1', 'hero1']);
  // Labels (puck.json's titles) and preview images (meta.json's URLs) come from the lightweight catalog.
  await expect(page.locator('[data-package-id="callout1"]')).toContainText('Callout');
  await expect(page.locator('[data-package-id="form1"]')).toContainText('Contact form');
  // The example's previews are image data: URIs, so the list needs no image host.
  const meta = JSON.parse(
    await readFile(new URL('../examples/schema-package/packages/ui-hero1/meta.json', import.meta.url), 'utf8'),
  );
  expect(meta.previewImage).toMatch(/^data:image\/svg\+xml,/);
  await expect(page.locator('[data-package-id="hero1"] img')).toHaveAttribute('src', meta.previewImage);
  expect(
    await page.locator('[data-package-id="hero1"] img').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(160);
  expect(requests).toContain('/origin/catalog.json');
  expect(requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
  // (The page's request and the service worker's own both show up.)
  expect(new Set(requests.filter((path) => path.startsWith('/origin/') && path.endsWith('.json')))).toEqual(
    new Set(['/origin/catalog.json']),
  );
  // The service worker is installed, the indicator says online.
  await expect(page.getByTestId('status')).toHaveAttribute('data-online', 'online');
  await expect(page.getByTestId('status')).toContainText('worker on');
});
