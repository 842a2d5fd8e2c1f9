import { expect, test } from '@playwright/test';
import { insert, openPlayground } from './support/playground.js';

test('a screenshot of the editor with three components is kept as a test artifact', async ({ context }, testInfo) => {
  const page = await openPlayground(context, 'screenshot');
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const packageId of ['hero1', 'features1', 'callout1']) await insert(page, packageId);
  await expect(page.locator('[data-instance-id][data-state="ready"]')).toHaveCount(3);
  const path = testInfo.outputPath('playground-editor.png');
  await page.screenshot({ path });
  await testInfo.attach('playground-editor', { path, contentType: 'image/png' });
  expect((await import('node:fs')).statSync(path).size).toBeGreaterThan(10_000);
});
