import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { Page as SavedPage } from '@runtime-component-catalog/sdk';
import type {} from './pages/snippets/expose-snippet.js';
import { dragOntoCanvas } from './support/puck-drag.js';

// The README's browser snippets (docs/snippets/), run as written against the built SDK package,
// on a page whose origin proxies /api to the host and serves /catalog.json (global setup).

async function openSnippet(context: BrowserContext, name: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  page.on('dialog', (dialog) => {
    throw new Error(`The snippet alerted: ${dialog.message()}`);
  });
  await page.goto(`${process.env.E2E_BASE_URL}/snippets/${name}.html`);
  return page;
}

function savedHome(page: Page): Promise<SavedPage | undefined> {
  return page.evaluate(() => window.snippet!.store!.get('home'));
}

test('the SDK snippet lists, inserts counter1 with its defaults, renders it and saves an edit', async ({ context }) => {
  const page = await openSnippet(context, 'sdk');
  await expect(page.locator('body[data-snippet="done"]')).toHaveCount(1);
  await expect(page.locator('#canvas button')).toHaveText('CLICKS: 0');
  const saved = await page.evaluate(() => window.snippet!.savedPage!);
  expect(saved.revision).toBe(2);
  expect(saved.content.map(({ packageId, version, props }) => ({ packageId, version, props }))).toEqual([
    { packageId: 'counter1', version: '1.0.0', props: { label: 'Presses', start: 0 } },
  ]);
});

test('the Puck snippet saves an insert and every edit after it, and a reload shows them', async ({ context }) => {
  const page = await openSnippet(context, 'puck');
  await expect(page.locator('body[data-snippet="done"]')).toHaveCount(1);
  await dragOntoCanvas(page, 'counter1');
  const instance = page.locator('[data-package-id="counter1"][data-instance-id]');
  await expect(instance.locator('button')).toHaveText('CLICKS: 0');
  await expect
    .poll(async () => (await savedHome(page))?.content.map((item) => item.props))
    .toEqual([{ label: 'Clicks', start: 0 }]);

  // Two edits in a row: the second is saved on the revision the first answered (no conflict).
  await instance.click();
  const label = page.getByRole('textbox', { name: 'Label' });
  await label.fill('Taps');
  await expect(instance.locator('button')).toHaveText('TAPS: 0');
  await expect.poll(async () => (await savedHome(page))?.content[0]?.props.label).toBe('Taps');
  await label.fill('Presses');
  await expect.poll(async () => (await savedHome(page))?.content[0]?.props.label).toBe('Presses');

  await page.reload();
  await expect(page.locator('body[data-snippet="done"]')).toHaveCount(1);
  await expect(page.locator('[data-package-id="counter1"][data-instance-id] button')).toHaveText('PRESSES: 0');
  expect((await savedHome(page))?.content.map((item) => item.props)).toEqual([{ label: 'Presses', start: 0 }]);
});

test('the service worker snippet registers the shipped worker, which then mirrors the host', async ({ context }) => {
  const page = await openSnippet(context, 'worker');
  await expect(page.locator('body[data-snippet="done"]')).toHaveCount(1);
  const status = await page.evaluate(() => window.snippet!.worker!.status());
  expect(status.maxBytes).toBe(50 * 1024 * 1024);
  await page.evaluate(() => fetch('/api/runtime-catalog/counter1').then((response) => response.status));
  await expect
    .poll(async () =>
      (await page.evaluate(() => window.snippet!.worker!.status())).urls.map((url) => new URL(url).pathname),
    )
    .toContain('/api/runtime-catalog/counter1');
});
