import { expect, test } from '@playwright/test';
import { openScenario } from './support/scenario.js';

test('the mirror stays within its byte limit, evicting the least recently used first', async ({ context }) => {
  const page = await openScenario(context, 'eviction', '&sw=1&maxBytes=2000');
  const sizes = await page.evaluate(async () => {
    const sizeOf = async (id: string) => (await (await fetch(`/api/runtime-catalog/${id}`)).text()).length;
    return { hero1: await sizeOf('hero1'), features1: await sizeOf('features1'), counter1: await sizeOf('counter1') };
  });
  // Each entry is under 1,000 bytes and all three are over 2,000: only the last two fit.
  expect(Object.values(sizes).every((size) => size < 1000)).toBe(true);
  expect(sizes.hero1 + sizes.features1 + sizes.counter1).toBeGreaterThan(2000);
  const status = await page.evaluate(() => window.scenario.worker!.status());
  expect(status.urls.map((url) => new URL(url).pathname)).toEqual([
    '/api/runtime-catalog/features1',
    '/api/runtime-catalog/counter1',
  ]);
  expect(status.bytes).toBe(sizes.features1 + sizes.counter1);
  expect(status.maxBytes).toBe(2000);
  // Using features1 again makes counter1 the least recently used.
  await page.evaluate(() => fetch('/api/runtime-catalog/features1').then((r) => r.text()));
  await page.evaluate(() => fetch('/api/runtime-catalog/hero1').then((r) => r.text()));
  const after = await page.evaluate(() => window.scenario.worker!.status());
  expect(after.urls.map((url) => new URL(url).pathname)).toEqual([
    '/api/runtime-catalog/features1',
    '/api/runtime-catalog/hero1',
  ]);
});
