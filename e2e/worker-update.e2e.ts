import { expect, test } from '@playwright/test';
import { openScenario } from './support/scenario.js';

test('a worker update keeps the editor working, mirror included', async ({ context }) => {
  const page = await openScenario(context, 'update', '&sw=1');
  await page.evaluate(() => window.scenario.insert('counter1'));
  const before = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  await page.evaluate(() => window.scenario.updateWorker('2'));
  const after = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  expect(after).not.toBe(before);
  expect(after).toContain('v=2');
  const instance = await page.evaluate(() => window.scenario.insert('counter1'));
  await expect(page.locator(`[data-instance-id="${instance.id}"] button`)).toHaveText('CLICKS: 0!');
  const status = await page.evaluate(() => window.scenario.worker!.status());
  expect(status.entries).toBeGreaterThanOrEqual(3);
  await page.evaluate(() => window.scenario.worker!.clear());
  expect((await page.evaluate(() => window.scenario.worker!.status())).entries).toBe(0);
});
