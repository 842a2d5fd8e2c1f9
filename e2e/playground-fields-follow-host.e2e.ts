import { expect, test } from '@playwright/test';
import { artifactTextOf, insert, openPlayground, revalidate, writeArtifact } from './support/playground.js';

test('fields follow the host: after puck.json is republished, selecting the same instance again shows the new fields', async ({
  context,
}) => {
  const page = await openPlayground(context, 'fields-follow-host');
  const id = await insert(page, 'hero1');
  await page.evaluate((instanceId) => window.playground!.select(instanceId), id);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();

  const original = await artifactTextOf('@acme/ui-hero1@1.0.0', 'puck.json');
  const republished = JSON.parse(original) as { properties: Record<string, { label?: string }> };
  republished.properties.title!.label = 'Headline';
  await writeArtifact('@acme/ui-hero1@1.0.0', 'puck.json', JSON.stringify(republished, null, 2));
  try {
    expect(await revalidate(page, { packageId: 'hero1', artifact: 'puck.json' })).toBe(200);
    // The page itself selected, then the same instance again: Puck keeps its last resolved data,
    // the adapter reads puck.json again at every selection.
    await page.evaluate(() => window.playground!.select(null));
    await expect(page.getByRole('textbox', { name: 'Page title' })).toBeVisible();
    await page.evaluate((instanceId) => window.playground!.select(instanceId), id);
    await expect(page.getByRole('textbox', { name: 'Headline', exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveCount(0);
  } finally {
    await writeArtifact('@acme/ui-hero1@1.0.0', 'puck.json', original);
    expect(await revalidate(page, { packageId: 'hero1', artifact: 'puck.json' })).toBe(200);
  }
});
