import { expect, test } from '@playwright/test';
import { artifactOf, insert, openPlayground, savedPage } from './support/playground.js';

test('offline, a component used before inserts from the mirror and the indicator says so', async ({ context }) => {
  const first = await openPlayground(context, 'offline-first');
  await insert(first, 'counter1');
  await expect(first.getByTestId('status')).toHaveAttribute('data-content-source', 'host');
  // A second tab, opened online, has not loaded the component yet: offline, it comes from the mirror.
  const tab = await openPlayground(context, 'offline-second');
  await context.setOffline(true);
  await expect(tab.getByTestId('status')).toHaveAttribute('data-online', 'offline');
  const id = await insert(tab, 'counter1');
  const defaults = (await artifactOf('@acme/ui-counter1@1.0.0', 'data.json')) as { label: string; start: number };
  const button = tab.locator(`[data-instance-id="${id}"] [data-testid="counter"]`);
  await expect(button).toHaveText(`${defaults.label}: ${defaults.start}`);
  await expect(tab.getByTestId('status')).toHaveAttribute('data-content-source', 'mirror');
  await expect(tab.getByTestId('status')).toContainText('Offline');
  // A component never used before cannot be inserted offline: the instance shows the SDK's error
  // and is not saved.
  const failure = await tab.evaluate(() => window.playground!.insert('cta1').then(String, (error) => error.code));
  expect(failure).toBe('network');
  await expect(tab.locator('[data-package-id="cta1"][data-instance-id] [role="alert"]')).toHaveAttribute(
    'data-error-code',
    'network',
  );
  expect((await savedPage(tab))?.content.map((instance) => instance.packageId)).toEqual(['counter1']);
  await context.setOffline(false);
});
