import { expect, test } from '@playwright/test';
import { openScenario, republish } from './support/scenario.js';

test('saved props survive a reload, a republished and revalidated data.json, and a second tab', async ({ context }) => {
  const page = await openScenario(context, 'saved-props');
  const first = await page.evaluate(() => window.scenario.insert('counter1'));
  expect(await page.evaluate((id) => window.scenario.edit(id, { label: 'Edited', start: 5 }), first.id)).toBe('saved');

  await republish('@acme/ui-counter1@1.0.0', 'data.json', { label: 'Republished', start: 9 });
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1);
  await expect(page.locator(`[data-instance-id="${first.id}"] button`)).toHaveText('EDITED: 5!');

  // A new insert gets the new defaults; the existing instance keeps its saved props.
  const second = await page.evaluate(() => window.scenario.insert('counter1'));
  expect(second.props).toEqual({ label: 'Republished', start: 9 });

  const otherTab = await openScenario(context, 'saved-props');
  await expect(otherTab.locator(`[data-instance-id="${first.id}"] button`)).toHaveText('EDITED: 5!');
  const saved = await otherTab.evaluate(() => window.scenario.page.content.map((instance) => instance.props));
  expect(saved).toEqual([
    { label: 'Edited', start: 5 },
    { label: 'Republished', start: 9 },
  ]);
  await republish('@acme/ui-counter1@1.0.0', 'data.json', { label: 'Clicks', start: 0 });
});
