import { type BrowserContext, expect, type Page } from '@playwright/test';
import type {} from '../../examples/playground/playground-hooks.js';

// The edit journal's scenarios (docs/sdk-edit-journal.md) on a playground the test started itself
// (HTTP page store, Strapi): the editor at its URL, and what its header says.

/** Opens the editor at `editor` on `pageId` in a new tab of `context` and waits until its hooks are set. */
export async function openEditor(context: BrowserContext, editor: string, pageId: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${editor}/?page=${pageId}`);
  await ready(page);
  return page;
}

/** Waits until the editor (after a load or a reload) has set its hooks. */
export async function ready(page: Page): Promise<void> {
  await expect(page.locator('body[data-playground="ready"]')).toHaveCount(1);
}

/** The edits the device keeps that the store has not confirmed, once the journal's writes are done. */
export function pendingEdits(page: Page): Promise<number> {
  return page.evaluate(() => window.playground!.pendingEdits());
}

/**
 * Opens the page's own fields (nothing selected) and answers its "Page title" field once shown.
 * The scenarios edit the title: a field of the page itself, the same on every store (an
 * instance's fields may hold more, as Strapi's media field, which reads its library when shown).
 */
export async function pageTitleField(page: Page) {
  await page.evaluate(() => window.playground!.select(null));
  const field = page.getByRole('textbox', { name: 'Page title' });
  await expect(field).toBeVisible();
  return field;
}

/** The page's title as the editor's header shows it. */
export function headerTitle(page: Page) {
  return page.getByRole('banner').getByRole('heading', { level: 2 });
}

/** The header says the store cannot be reached and the device keeps `kept` edits. */
export async function expectOffline(page: Page, kept: number): Promise<void> {
  const status = page.getByTestId('save-status');
  await expect(status).toHaveAttribute('data-status', 'error');
  await expect(status).toHaveAttribute('data-error-code', 'network');
  await expect(status).toContainText('Offline: the page store cannot be reached');
  await expect(page.getByTestId('kept-edits')).toHaveAttribute('data-count', String(kept));
  await expect(page.getByTestId('kept-edits')).toContainText(
    `${kept === 1 ? '1 edit' : `${kept} edits`} kept on this device since`,
  );
}

/** The header says the page is stored at `revision`, and the device keeps no edit. */
export async function expectSaved(page: Page, revision: number): Promise<void> {
  const status = page.getByTestId('save-status');
  await expect(status).toHaveAttribute('data-status', 'saved');
  await expect(status).toHaveAttribute('data-revision', String(revision));
  await expect(page.getByTestId('kept-edits')).toHaveCount(0);
  expect(await pendingEdits(page)).toBe(0);
}

/**
 * Cuts this tab alone off the network, as `context.setOffline(true)` does for every tab (the same
 * DevTools emulation, on a session of the test's own), and answers how to end the tab as a crash
 * does: the renderer crashes (`Page.crash`: no script of the tab runs after), then the tab is
 * closed without its `beforeunload`.
 *
 * Why not `context.setOffline` and `page.close()`: the close detaches DevTools before the renderer
 * is gone, which lifts the emulation from the closing tab; it hears `online` and sends its save as
 * it closes, which no crashed or killed tab does. And once a tab crashed (with the service worker
 * of its renderer), `context.setOffline(false)` waits forever for that worker (Playwright 1.65).
 */
export async function offlineTab(context: BrowserContext, page: Page): Promise<{ crash(): Promise<void> }> {
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  return {
    async crash() {
      const crashed = page.waitForEvent('crash');
      // The renderer ends before it answers.
      void session.send('Page.crash').catch(() => {});
      await crashed;
      await page.close({ runBeforeUnload: false });
    },
  };
}
