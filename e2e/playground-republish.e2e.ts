import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { artifactOf, grown, insert, openPlayground, playgroundStats, savedPage } from './support/playground.js';

/** An artifact's bytes as the publishing tool stores them (authoring's jsonBytes). */
const stored = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

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
  const panel = page.getByTestId('publisher');
  // A refusal shows the API's error, and no step ran.
  await editor.fill('[]');
  await page.getByTestId('publisher-publish').click();
  await expect(panel.getByRole('alert')).toContainText('Not published');
  await expect(panel.getByRole('alert')).toContainText('data.json must be a JSON object');
  await expect(panel.getByTestId('publisher-steps')).toHaveCount(0);

  const after = { ...before, tone: 'tip', title: 'Republished title' };
  await editor.fill(JSON.stringify(after));
  const stats = await playgroundStats();
  await page.getByTestId('publisher-publish').click();
  // Every step of the publishing tool, as `catalog-schema publish` prints it: upload, verify
  // through the artifacts origin, then revalidate the one artifact.
  const bytes = stored(after);
  const { artifactsOrigin } = await page.evaluate(() => window.playground!.urls);
  await expect(panel.getByRole('status')).toContainText('Published');
  await expect(panel.getByTestId('publisher-steps').getByRole('listitem')).toHaveText([
    `artifact data.json: changed (sha256 ${sha256(bytes).slice(0, 12)}…)`,
    `upload: @acme/ui-callout1@1.0.0/data.json on folder ${join(process.env.E2E_PLAYGROUND_STATE!, 'artifacts')} (${bytes.byteLength} bytes)`,
    `verify: data.json ok through ${artifactsOrigin}`,
    'revalidate: data.json → 200 (runtime-artifact:callout1:data.json)',
  ]);

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
  // (docs/design.md); nothing was compiled again.
  const now = await playgroundStats();
  expect(grown(stats.artifacts, now.artifacts)).toEqual({
    '/@acme/ui-callout1@1.0.0/data.json': 2,
    '/catalog.json': 1,
  });
  expect(grown(stats.esm, now.esm)).toEqual({});

  // The same bytes again: nothing uploaded, nothing revalidated.
  await page.getByTestId('publisher-publish').click();
  await expect(panel.getByRole('status')).toContainText('Up to date');
  await expect(panel.getByTestId('publisher-steps').getByRole('listitem')).toHaveText([
    `artifact data.json: unchanged (sha256 ${sha256(bytes).slice(0, 12)}…)`,
    'up to date: nothing uploaded, nothing revalidated',
  ]);
  // After a reload too.
  await page.reload();
  await expect(page.locator(`[data-instance-id="${oldId}"]`)).toContainText(String(before.title));
  await expect(page.locator(`[data-instance-id="${newId}"]`)).toContainText('Republished title');
});
