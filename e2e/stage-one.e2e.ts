import { expect, test } from '@playwright/test';
import { openScenario } from './support/scenario.js';

test('stage 1 lists the catalog without fetching any entry, artifact or module', async ({ context }) => {
  const requests: string[] = [];
  context.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const page = await openScenario(context, 'stage-one');
  const list = await page.evaluate(() => window.scenario.list());
  expect(list).toEqual([
    { category: 'hero', ids: ['hero1'] },
    { category: 'interactive', ids: ['counter1'] },
    { category: 'content', ids: ['features1', 'callout1'] },
    { category: 'navigation', ids: ['cta1'] },
  ]);
  expect(requests).toContain('/catalog.json');
  expect(requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
});
