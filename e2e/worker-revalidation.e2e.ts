import { expect, test } from '@playwright/test';
import { openScenario, republish } from './support/scenario.js';

test('online, a republished and revalidated data.json reaches the next insert through the worker; saved props stay', async ({
  context,
}) => {
  const page = await openScenario(context, 'worker-republish', '&sw=1');
  const first = await page.evaluate(() => window.scenario.insert('counter1'));
  expect(await page.evaluate((id) => window.scenario.edit(id, { label: 'Mine' }), first.id)).toBe('saved');
  try {
    await republish('@acme/ui-counter1@1.0.0', 'data.json', { label: 'Fresh', start: 7 });
    const second = await page.evaluate(() => window.scenario.insert('counter1'));
    expect(second.props).toEqual({ label: 'Fresh', start: 7 });
    const saved = await page.evaluate(() => window.scenario.store.get('worker-republish'));
    expect(saved!.content.map((instance) => instance.props)).toEqual([
      { label: 'Mine', start: 0 },
      { label: 'Fresh', start: 7 },
    ]);
  } finally {
    await republish('@acme/ui-counter1@1.0.0', 'data.json', { label: 'Clicks', start: 0 });
  }
});
