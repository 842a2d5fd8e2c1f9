import { expect, test } from '@playwright/test';
import { openScenario } from './support/scenario.js';

test('a save from a second tab based on an older revision is refused, and nothing is lost', async ({ context }) => {
  const first = await openScenario(context, 'conflict');
  const instance = await first.evaluate(() => window.scenario.insert('counter1'));
  const second = await openScenario(context, 'conflict');
  // Tabs learn of each other's saves (BroadcastChannel).
  await second.evaluate(() => {
    (window as unknown as { heard: Promise<unknown> }).heard = new Promise((resolve) => {
      const stop = window.scenario.store.subscribe((event) => {
        stop();
        resolve(event);
      });
    });
  });

  expect(await first.evaluate((id) => window.scenario.edit(id, { label: 'From tab one' }), instance.id)).toBe('saved');
  expect(await second.evaluate(() => (window as unknown as { heard: Promise<unknown> }).heard)).toEqual({
    type: 'saved',
    id: 'conflict',
    revision: 2,
  });
  expect(await second.evaluate((id) => window.scenario.edit(id, { label: 'From tab two' }), instance.id)).toBe(
    'store-conflict',
  );
  const stored = await second.evaluate((id) => window.scenario.store.get(id), 'conflict');
  expect(stored!.content[0]!.props.label).toBe('From tab one');
});
