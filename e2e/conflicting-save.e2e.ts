import { expect, test } from '@playwright/test';
import { openScenario } from './support/scenario.js';

test('a save from a second tab based on an older revision is refused, and nothing is lost', async ({ context }) => {
  const first = await openScenario(context, 'conflict');
  const instance = await first.evaluate(() => window.scenario.insert('counter1'));
  const second = await openScenario(context, 'conflict');

  expect(await first.evaluate((id) => window.scenario.edit(id, { label: 'From tab one' }), instance.id)).toBe('saved');
  expect(await second.evaluate((id) => window.scenario.edit(id, { label: 'From tab two' }), instance.id)).toBe(
    'store-conflict',
  );
  const stored = await second.evaluate((id) => window.scenario.store.get(id), 'conflict');
  expect(stored!.content[0]!.props.label).toBe('From tab one');
});
