import { expect, test } from '@playwright/test';
import { openScenario } from './support/scenario.js';

test('offline, a used component inserts from the mirror with its defaults; a never-used one fails clearly', async ({
  context,
}) => {
  const online = await openScenario(context, 'offline-first', '&sw=1');
  await online.evaluate(() => window.scenario.insert('counter1'));
  // A second tab, opened online, has not loaded the component yet: offline it must come from the mirror.
  const tab = await openScenario(context, 'offline-second', '&sw=1');
  await context.setOffline(true);
  const instance = await tab.evaluate(() => window.scenario.insert('counter1'));
  expect(instance.props).toEqual({ label: 'Clicks', start: 0 });
  const button = tab.locator(`[data-instance-id="${instance.id}"] button`);
  await expect(button).toHaveText('CLICKS: 0!');
  await button.click();
  await expect(button).toHaveText('CLICKS: 1!');
  const mirrored = await tab.evaluate(async () =>
    (await fetch('/api/runtime-catalog/counter1')).headers.get('x-catalog-mirror'),
  );
  expect(mirrored).toBe('offline');
  const error = await tab.evaluate(() => window.scenario.errorOf(() => window.scenario.client.getEntry('hero1')));
  expect(error).toEqual({
    code: 'network',
    message: `Network error: GET ${process.env.E2E_BASE_URL}/api/runtime-catalog/hero1`,
  });
  await context.setOffline(false);
});
