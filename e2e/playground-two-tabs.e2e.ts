import { expect, test } from '@playwright/test';
import { insert, openPlayground, savedPage } from './support/playground.js';

// One writer per page across tabs (docs/sdk-edit-journal.md "One writer per page"): the second
// tab of a page follows the first, read-only, and takes over when the first one goes.

test('a second tab of a page follows the first, read-only, and writes once the first tab is closed', async ({
  context,
}) => {
  const first = await openPlayground(context, 'two-tabs');
  const id = await insert(first, 'hero1');
  await first.evaluate(() => window.playground!.saved());
  const second = await openPlayground(context, 'two-tabs');
  await expect(second.getByTestId('save-status')).toHaveAttribute('data-status', 'following');
  await expect(second.locator(`[data-instance-id="${id}"] h1`)).toHaveText('Build pages faster');

  // The first tab edits; the second shows the edit as it is made, before it is stored.
  await first.locator(`[data-instance-id="${id}"]`).click();
  await first.getByRole('textbox', { name: 'Title', exact: true }).fill('Edited in the first tab');
  await expect(second.locator(`[data-instance-id="${id}"] h1`)).toHaveText('Edited in the first tab');
  await first.evaluate(() => window.playground!.saved());
  const stored = (await savedPage(first))!;
  expect(stored.content[0]?.props.title).toBe('Edited in the first tab');

  // Read-only: selecting the instance opens no field to edit, and the second tab saves nothing.
  await second.evaluate((instance) => window.playground!.select(instance), id);
  await expect(second.getByRole('textbox', { name: 'Title', exact: true })).toHaveCount(0);
  await expect.poll(() => second.evaluate(() => window.playground!.pendingEdits())).toBe(0);
  expect(await savedPage(second)).toEqual(stored);

  // The first tab goes: the second takes over, edits, and stores on the first tab's revision.
  await first.close();
  await expect(second.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect(second.getByTestId('save-status')).toHaveAttribute('data-revision', String(stored.revision));
  await second.locator(`[data-instance-id="${id}"]`).click();
  await second.getByRole('textbox', { name: 'Subtitle' }).fill('Edited in the second tab');
  await second.evaluate(() => window.playground!.saved());
  const after = (await savedPage(second))!;
  expect(after.revision).toBe(stored.revision + 1);
  expect(after.content[0]?.props).toMatchObject({
    title: 'Edited in the first tab',
    subtitle: 'Edited in the second tab',
  });
  expect(await second.evaluate(() => window.playground!.pendingEdits())).toBe(0);
});
