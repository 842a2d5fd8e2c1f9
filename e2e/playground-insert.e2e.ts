import { expect, test } from '@playwright/test';
import { artifactOf, insert, openPlayground, savedPage } from './support/playground.js';

test('an insert from the list gets the data.json defaults and renders the remote component', async ({ context }) => {
  const page = await openPlayground(context, 'insert');
  const defaults = await artifactOf('@acme/ui-hero1@1.0.0', 'data.json');
  const id = await insert(page, 'hero1');
  const instance = page.locator(`[data-instance-id="${id}"]`);
  await expect(instance).toHaveAttribute('data-package-id', 'hero1');
  await expect(instance.locator('h1')).toHaveText('Build pages faster');
  // No image by default: a media prop names a file of one CMS's media library (docs/strapi-pages.md).
  await expect(instance.locator('img')).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  const saved = await savedPage(page);
  expect(saved?.content).toEqual([
    { id, packageId: 'hero1', package: '@acme/ui-hero1', version: '1.0.0', props: defaults },
  ]);
});
