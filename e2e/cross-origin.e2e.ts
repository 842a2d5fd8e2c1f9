import { expect, test } from '@playwright/test';
import { openScenario } from './support/scenario.js';

test('an editor on another origin than the host loads entries and imports compiled components', async ({ context }) => {
  const hostUrl = process.env.E2E_HOST_URL!;
  expect(new URL(hostUrl).origin).not.toBe(new URL(process.env.E2E_BASE_URL!).origin);
  const page = await openScenario(context, 'cross-origin', `&host=${encodeURIComponent(hostUrl)}`);
  const instance = await page.evaluate(() => window.scenario.insert('counter1'));
  const button = page.locator(`[data-instance-id="${instance.id}"] button`);
  await expect(button).toHaveText('CLICKS: 0!');
  await button.click();
  await expect(button).toHaveText('CLICKS: 1!');
  const missing = await page.evaluate(() =>
    window.scenario.errorOf(() => window.scenario.client.getEntry('does-not-exist')),
  );
  expect(missing).toEqual({ code: 'unknown-package', message: 'Unknown package: does-not-exist' });
});
