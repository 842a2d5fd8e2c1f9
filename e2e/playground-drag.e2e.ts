import { expect, test } from '@playwright/test';
import { artifactOf, openPlayground, savedPage } from './support/playground.js';
import { dragOntoCanvas } from './support/puck-drag.js';

test('a real drag from the component list onto the canvas inserts with the defaults', async ({ context }) => {
  const page = await openPlayground(context, 'drag');
  const defaults = (await artifactOf('@acme/ui-callout1@1.0.0', 'data.json')) as { title: string };
  await dragOntoCanvas(page, 'callout1');
  const instance = page.locator('[data-package-id="callout1"][data-instance-id]');
  await expect(instance.getByRole('note')).toContainText(defaults.title);
  await expect.poll(async () => (await savedPage(page))?.content.map((item) => item.props)).toEqual([defaults]);
});
