import { expect, test } from '@playwright/test';
import { openScenario } from './support/scenario.js';

test('an older tab gives way to a newer database version instead of blocking it, and asks for a reload', async ({
  context,
}) => {
  const older = await openScenario(context, 'version');
  await older.evaluate(() => window.scenario.insert('counter1'));
  const newer = await context.newPage();
  await newer.goto(`${process.env.E2E_BASE_URL}/catalog.json`); // same origin, no editor script
  // A newer editor version opens the same database at a higher version: it must not hang.
  const opened = await newer.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('scenario-pages', 99);
        request.onsuccess = () => {
          const version = request.result.version;
          request.result.close();
          resolve(version);
        };
        request.onerror = () => reject(request.error);
      }),
  );
  expect(opened).toBe(99);
  await expect(older.locator('body[data-reload="required"]')).toHaveCount(1);
  const error = await older.evaluate(() => window.scenario.errorOf(() => window.scenario.store.list()));
  expect(error?.code).toBe('store-blocked');
});
