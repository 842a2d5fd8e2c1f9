import type { BrowserContext, Page } from '@playwright/test';
import type { Page as SavedPage } from '@runtime-component-catalog/contracts';

/**
 * Installed before the editor's scripts: a React DevTools hook that counts the renderers React
 * DOM registers. One React on the page (the app's, which the remote components get through the
 * runtime registry) registers one; a component that brought its own React DOM would add one.
 */
export const COUNT_REACT_RENDERERS = `(() => {
  const versions = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(), supportsFiber: true, isDisabled: false,
    inject(renderer) { versions.push(renderer.version); this.renderers.set(versions.length, renderer); return versions.length; },
    onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {}, checkDCE() {},
  };
  window.__reactRendererVersions = versions;
})();`;

/** An editor tab with every console error and uncaught error it reported. */
export interface EditorTab {
  readonly page: Page;
  /** `console.error` lines (network failures the browser logs included) and uncaught errors. */
  readonly errors: string[];
}

/** Opens `/editor?page=<pageId>` in `context` and waits until the editor and its catalog worker are up. */
export async function openEditorTab(context: BrowserContext, baseUrl: string, pageId: string): Promise<EditorTab> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  await page.goto(`${baseUrl}/editor?page=${pageId}`);
  await editorReady(page);
  return { page, errors };
}

/** Waits for the editor's header (the catalog worker registered) and its component list. */
export async function editorReady(page: Page): Promise<void> {
  await page.locator('[data-testid="catalog-worker"][data-state="ready"]').waitFor();
  await page.locator('[data-testid="drawer-item:hero1"]').waitFor();
}

/** The instance of `packageId` on the canvas (the first one), once its component rendered. */
export function renderedInstance(page: Page, packageId: string) {
  return page.locator(`[data-instance-id^="${packageId}-"][data-state="ready"]`).first();
}

/** The page as the SDK's IndexedDB page store holds it (database `runtime-catalog-pages`). */
export function storedPage(page: Page, pageId: string): Promise<SavedPage | undefined> {
  return page.evaluate(
    (id) =>
      new Promise<SavedPage | undefined>((resolve, reject) => {
        const idb = (globalThis as unknown as { indexedDB: BrowserIndexedDb }).indexedDB;
        const open = idb.open('runtime-catalog-pages');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('pages').objectStore('pages').get(id);
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result as SavedPage | undefined);
          };
        };
      }),
    pageId,
  );
}

/**
 * Puts `saved` into the SDK's IndexedDB page store as another writer would (the test's stand-in
 * for a page saved earlier, elsewhere): the editor reads it at its next open.
 */
export function putStoredPage(page: Page, saved: SavedPage): Promise<void> {
  return page.evaluate(
    (record) =>
      new Promise<void>((resolve, reject) => {
        const idb = (globalThis as unknown as { indexedDB: BrowserIndexedDb }).indexedDB;
        const open = idb.open('runtime-catalog-pages');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const write = open.result.transaction('pages', 'readwrite').objectStore('pages').put(record);
          write.onerror = () => reject(write.error);
          write.onsuccess = () => {
            open.result.close();
            resolve();
          };
        };
      }),
    saved,
  );
}

/** The part of the browser's IndexedDB used here (testing/ type-checks without the DOM library). */
interface BrowserIndexedDb {
  open(name: string): BrowserRequest<{
    transaction(
      store: string,
      mode?: 'readwrite',
    ): {
      objectStore(name: string): {
        get(key: string): BrowserRequest<unknown>;
        put(value: unknown): BrowserRequest<unknown>;
      };
    };
    close(): void;
  }>;
}

interface BrowserRequest<T> {
  readonly result: T;
  readonly error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
