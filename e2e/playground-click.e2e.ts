import { expect, test } from '@playwright/test';
import { insert, openPlayground } from './support/playground.js';

test("the stateful component counts clicks with the editor's own React", async ({ context }) => {
  const page = await openPlayground(context, 'click');
  const id = await insert(page, 'counter1');
  const button = page.locator(`[data-instance-id="${id}"] [data-testid="counter"]`);
  await expect(button).toHaveText('Clicks: 0');
  // In edit mode a click selects the instance; interactive mode hands clicks to the component.
  await page.getByTestId('preview-mode').click();
  await expect(page.getByTestId('preview-mode')).toHaveText('Interactive');
  await button.click();
  await button.click();
  await button.click();
  await expect(button).toHaveText('Clicks: 3');
});
