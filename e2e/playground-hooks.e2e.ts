import { expect, test } from '@playwright/test';
import { insert, openPlayground, savedPage } from './support/playground.js';

test('window.playground: urls, select, setMode, saved; the title follows ?page=, an empty page says what to do', async ({
  context,
}) => {
  const page = await openPlayground(context, 'hooks');
  const urls = await page.evaluate(() => window.playground!.urls);
  expect((await fetch(`${urls.host}/healthz`)).status).toBe(200);
  expect((await fetch(`${urls.artifactsOrigin}/catalog.json`)).status).toBe(200);
  expect(urls.esmOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/esm$/);
  await expect(page).toHaveTitle('hooks · Playground editor');
  // The first minutes: an empty page says what to do; there is no Publish button (every change
  // is saved as it is made).
  await expect(page.getByTestId('empty-canvas')).toContainText('Drag a component from the list');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);

  const id = await insert(page, 'counter1');
  await expect(page.getByTestId('empty-canvas')).toHaveCount(0);
  await page.evaluate((instanceId) => window.playground!.select(instanceId), id);
  const label = page.getByRole('textbox', { name: 'Label' });
  await label.fill('Taps');
  await page.evaluate(() => window.playground!.saved());
  expect((await savedPage(page))?.content[0]?.props.label).toBe('Taps');

  const counter = page.locator(`[data-instance-id="${id}"] [data-testid="counter"]`);
  // Edit mode: a click on the instance selects it and never reaches the component.
  await page.evaluate(() => window.playground!.select(null));
  await page.locator(`[data-puck-component="${id}"]`).click();
  await expect(page.getByRole('textbox', { name: 'Label' })).toHaveValue('Taps');
  await expect(counter).toHaveText('Taps: 0');
  // Interactive mode: the click reaches the component.
  await page.evaluate(() => window.playground!.setMode('interactive'));
  await counter.click();
  await expect(counter).toHaveText('Taps: 1');
  await page.evaluate(() => window.playground!.setMode('edit'));

  // A package the catalog lacks fails before anything changes (a failed insert that put an
  // instance on the page names it: playground-broken-artifact.e2e.ts).
  const unknown = await page.evaluate(() =>
    window.playground!.insert('nope').then(String, (error: { code: string }) => error.code),
  );
  expect(unknown).toBe('unknown-package');
});
