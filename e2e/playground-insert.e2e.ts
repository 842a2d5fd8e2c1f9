import { expect, test } from '@playwright/test';
import { artifactOf, insert, openPlayground, savedPage } from './support/playground.js';

test('an insert from the list gets the data.json defaults and renders the remote component', async ({ context }) => {
  const page = await openPlayground(context, 'insert');
  const defaults = await artifactOf('@acme/ui-hero1@1.0.0', 'data.json');
  const id = await insert(page, 'hero1');
  const instance = page.locator(`[data-instance-id="${id}"]`);
  await expect(instance).toHaveAttribute('data-package-id', 'hero1');
  await expect(instance.locator('h1')).toHaveText('Build pages faster');
  // next/image (a stand-in registered by the page) renders the image from data.json.
  await expect(instance.locator('img')).toHaveAttribute('src', '/media/hero.svg');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  const saved = await savedPage(page);
  expect(saved?.content).toEqual([
    { id, packageId: 'hero1', package: '@acme/ui-hero1', version: '1.0.0', props: defaults },
  ]);
});

test('a real drag from the component list onto the canvas inserts with the defaults', async ({ context }) => {
  const page = await openPlayground(context, 'drag');
  const defaults = (await artifactOf('@acme/ui-callout1@1.0.0', 'data.json')) as { title: string };
  const source = await page.locator('[data-package-id="callout1"]').boundingBox();
  const canvas = await page.locator('[data-puck-dropzone="root:default-zone"]').boundingBox();
  // dnd-kit starts a drag after the pointer moves a few pixels; move in steps as a hand would.
  await page.mouse.move(source!.x + source!.width / 2, source!.y + source!.height / 2);
  await page.mouse.down();
  await page.mouse.move(canvas!.x + canvas!.width / 2, canvas!.y + 40, { steps: 20 });
  await page.mouse.up();
  const instance = page.locator('[data-package-id="callout1"][data-instance-id]');
  await expect(instance.getByRole('note')).toContainText(defaults.title);
  await expect.poll(async () => (await savedPage(page))?.content.map((item) => item.props)).toEqual([defaults]);
});
