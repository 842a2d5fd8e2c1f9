import { expect, test } from '@playwright/test';
import { insert, openPlayground, savedPage } from './support/playground.js';

test('an editor that was open once reloads offline: its list, its saved instances, inserts of used components, and an error in place for the others', async ({
  context,
}) => {
  const page = await openPlayground(context, 'offline-reload');
  const id = await insert(page, 'counter1');
  await page.evaluate(() => window.playground!.saved());

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
    await expect(page.getByTestId('status')).toHaveAttribute('data-online', 'offline');
    // The component list, from the mirrored catalog.
    for (const packageId of ['callout1', 'cards1', 'counter1', 'cta1', 'features1', 'form1', 'hero1']) {
      await expect(page.locator(`[data-package-id="${packageId}"]:not([data-instance-id])`)).toHaveCount(1);
    }
    // The saved instance renders.
    await expect(page.locator(`[data-instance-id="${id}"] [data-testid="counter"]`)).toHaveText('Clicks: 0');
    // A component used before inserts; one never used fails in place, and is not saved.
    const second = await insert(page, 'counter1');
    await expect(page.locator(`[data-instance-id="${second}"] [data-testid="counter"]`)).toHaveText('Clicks: 0');
    const failure = await page.evaluate(() =>
      window.playground!.insert('features1').then(
        () => undefined,
        (error: { code: string; instanceId: string }) => ({ code: error.code, instanceId: error.instanceId }),
      ),
    );
    expect(failure?.code).toBe('network');
    await expect(page.locator(`[data-instance-id="${failure?.instanceId}"] [role="alert"]`)).toHaveAttribute(
      'data-error-code',
      'network',
    );
    await page.evaluate(() => window.playground!.saved());
    expect((await savedPage(page))?.content.map((instance) => instance.id)).toEqual([id, second]);
  } finally {
    await context.setOffline(false);
  }
});
