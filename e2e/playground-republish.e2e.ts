import { expect, test } from '@playwright/test';
import { artifactOf, grown, insert, openPlayground, playgroundStats, savedPage } from './support/playground.js';

test('republish + revalidate of one artifact: only it is fetched again; new inserts get it, old instances keep their props', async ({
  context,
}) => {
  const page = await openPlayground(context, 'republish');
  const before = (await artifactOf('@acme/ui-callout1@1.0.0', 'data.json')) as Record<string, unknown>;
  const oldId = await insert(page, 'callout1');
  await expect(page.locator(`[data-instance-id="${oldId}"]`)).toContainText(String(before.title));

  // The publisher panel: edit data.json, publish and revalidate.
  await page.getByTestId('toggle-publisher').click();
  await page.getByTestId('publisher-package').selectOption('callout1');
  await page.getByTestId('publisher-artifact').selectOption('data.json');
  const editor = page.getByTestId('publisher-content');
  await expect(editor).toHaveValue(JSON.stringify(before, null, 2));
  const after = { ...before, tone: 'tip', title: 'Republished title' };
  await editor.fill(JSON.stringify(after));
  const stats = await playgroundStats();
  await page.getByTestId('publisher-publish').click();
  await expect(page.getByTestId('publisher').getByRole('status')).toHaveText(
    'Published; the host invalidated runtime-artifact:callout1:data.json',
  );

  const newId = await insert(page, 'callout1');
  await expect(page.locator(`[data-instance-id="${newId}"]`)).toContainText('Republished title');
  // The old instance is unchanged, on the canvas and in the store.
  await expect(page.locator(`[data-instance-id="${oldId}"]`)).toContainText(String(before.title));
  const saved = await savedPage(page);
  expect(saved?.content.map((instance) => [instance.id, instance.props])).toEqual([
    [oldId, before],
    [newId, after],
  ]);
  // Of the five artifacts, the host fetched again exactly the republished one (the publisher's
  // verification read is the other request); a revalidation also refreshes the catalog source
  // (design.md); nothing was compiled again.
  const now = await playgroundStats();
  expect(grown(stats.artifacts, now.artifacts)).toEqual({
    '/@acme/ui-callout1@1.0.0/data.json': 2,
    '/catalog.json': 1,
  });
  expect(grown(stats.esm, now.esm)).toEqual({});
  // After a reload too.
  await page.reload();
  await expect(page.locator(`[data-instance-id="${oldId}"]`)).toContainText(String(before.title));
  await expect(page.locator(`[data-instance-id="${newId}"]`)).toContainText('Republished title');
});
