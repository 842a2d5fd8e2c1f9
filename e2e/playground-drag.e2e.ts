import { expect, test } from '@playwright/test';
import { artifactOf, openPlayground, savedPage } from './support/playground.js';

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
