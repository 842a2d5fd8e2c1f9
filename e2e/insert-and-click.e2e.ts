import { expect, test } from '@playwright/test';
import { openScenario } from './support/scenario.js';

test('insert gives data.json defaults, and the remote component reacts to a click with the page React', async ({
  context,
}) => {
  const page = await openScenario(context, 'insert');
  const instance = await page.evaluate(() => window.scenario.insert('counter1'));
  expect(instance.props).toEqual({ label: 'Clicks', start: 0 });
  const button = page.locator(`[data-instance-id="${instance.id}"] button`);
  await expect(button).toHaveText('CLICKS: 0!');
  await button.click();
  await button.click();
  await expect(button).toHaveText('CLICKS: 2!');
});
