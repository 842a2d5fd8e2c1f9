import { expect, test } from '@playwright/test';
import { insert, openPlayground, savedPage } from './support/playground.js';

test("a second tab never overwrites the page: it hears the other tab's save, keeps its edits unsaved, and loads theirs on request", async ({
  context,
}) => {
  const first = await openPlayground(context, 'two-tabs');
  const id = await insert(first, 'hero1');
  await expect.poll(async () => (await savedPage(first))?.content.length).toBe(1);
  const second = await openPlayground(context, 'two-tabs');
  await expect(second.locator(`[data-instance-id="${id}"] h1`)).toHaveText('Build pages faster');
  const opened = (await savedPage(second))!.revision;

  // The first tab edits and saves; the second tab is told.
  await first.locator(`[data-instance-id="${id}"]`).click();
  await first.getByRole('textbox', { name: 'Title', exact: true }).fill('Edited in the first tab');
  await expect.poll(async () => (await savedPage(first))?.content[0]?.props.title).toBe('Edited in the first tab');
  await expect(second.getByTestId('changed-elsewhere')).toBeVisible();

  // An edit in the second tab now is not saved over the first tab's page.
  await second.locator(`[data-instance-id="${id}"]`).click();
  await second.getByRole('textbox', { name: 'Subtitle' }).fill('Edited in the second tab');
  await expect(second.locator(`[data-instance-id="${id}"] p`).first()).toHaveText('Edited in the second tab');
  const saved = (await savedPage(first))!;
  expect(saved.revision).toBeGreaterThan(opened);
  expect(saved.content[0]?.props).toMatchObject({ title: 'Edited in the first tab', subtitle: 'Drag, drop, publish.' });

  await expect(second.getByTestId('changed-elsewhere')).toHaveAttribute('data-unsaved-edits', 'true');

  // The choice: load theirs. The second tab shows the first tab's page and saves on from it.
  await second.getByTestId('take-theirs').click();
  await expect(second.locator(`[data-instance-id="${id}"] h1`)).toHaveText('Edited in the first tab');
  await expect(second.locator(`[data-instance-id="${id}"] p`).first()).toHaveText('Drag, drop, publish.');
  await expect(second.getByTestId('save-status')).toHaveAttribute('data-revision', String(saved.revision));
  expect(await savedPage(first)).toEqual(saved);
});
