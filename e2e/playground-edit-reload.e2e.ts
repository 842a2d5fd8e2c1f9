import { expect, test } from '@playwright/test';
import { insert, openPlayground, savedPage } from './support/playground.js';

test('props edited in the fields from puck.json are saved and are there after a reload', async ({ context }) => {
  const page = await openPlayground(context, 'edit-reload');
  const id = await insert(page, 'hero1');
  const instance = page.locator(`[data-instance-id="${id}"]`);
  await instance.click();
  // The fields come from puck.json: labels and types as the publisher wrote them.
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue('Build pages faster');
  await expect(page.getByRole('textbox', { name: 'Subtitle' })).toHaveValue('Drag, drop, publish.');
  // Nested fields: the call to action is a shared.button object.
  await expect(page.getByRole('textbox', { name: 'Button label' })).toHaveValue('Get started');
  await title.fill('Pages that keep their props');
  await expect(instance.locator('h1')).toHaveText('Pages that keep their props');
  await expect.poll(async () => (await savedPage(page))?.content[0]?.props.title).toBe('Pages that keep their props');
  const revision = (await savedPage(page))!.revision;

  await page.reload();
  await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
  await expect(page.locator(`[data-instance-id="${id}"] h1`)).toHaveText('Pages that keep their props');
  const reloaded = await savedPage(page);
  expect(reloaded?.content[0]?.props).toMatchObject({
    cmp_variant: 'hero1',
    title: 'Pages that keep their props',
    cta: { label: 'Get started' },
  });
  // Opening the page saves nothing: the reload did not change it.
  expect(reloaded?.revision).toBe(revision);
});
