import type { Page } from '@playwright/test';

/**
 * Picks the file `name` in the selected instance's media field (the Puck adapter's external
 * field on Strapi's media library): opens the field's list, searches `query` (the list was read
 * when the field appeared; a search asks the library again) and clicks the file's row. Puck keeps
 * a hidden copy of the fields panel: the visible one is the user's.
 */
export async function pickFromMediaLibrary(page: Page, name: string, query: string): Promise<void> {
  await page
    .getByRole('button', { name: 'Pick a file of the media library' })
    .filter({ visible: true })
    .first()
    .click();
  const search = page.locator('[class*="ExternalInputModal-searchInput"]').filter({ visible: true });
  await search.fill(query);
  await search.press('Enter');
  await page.locator('[class*="ExternalInputModal-tr"]', { hasText: name }).click();
}
