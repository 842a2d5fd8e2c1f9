import type { Browser } from '@playwright/test';

/** What a recipe's page showed once its worker registration settled. */
export interface RecipePageResult {
  /** `ready` or `failed`: the page's `data-state` on `#catalog-worker-status`. */
  readonly state: string | null;
  /** The status the page got from `worker.status()` (JSON), or the error it failed with. */
  readonly text: string;
  /** `navigator.serviceWorker.controller.scriptURL` then (null: no worker controls the page). */
  readonly controllerScriptUrl: string | null;
  /** The URLs of the service workers the browser context runs. */
  readonly serviceWorkerUrls: readonly string[];
  /** Errors the page threw, uncaught. */
  readonly pageErrors: readonly string[];
}

/** The part of a page's `navigator` read here (testing/ type-checks with Node's types, no DOM lib). */
interface PageNavigator {
  readonly serviceWorker: { readonly controller: { readonly scriptURL: string } | null };
}

/**
 * Opens a recipe's page at `url` in a fresh browser context (no worker registered before) and
 * waits, up to `budgetMs`, for the page to say how its registration ended (`data-state` leaves
 * `pending`): the recipes' pages write it on `#catalog-worker-status`.
 */
export async function openRecipePage(browser: Browser, url: string, budgetMs: number): Promise<RecipePageResult> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.goto(url, { timeout: budgetMs });
    const settled = page.locator('#catalog-worker-status:not([data-state="pending"])');
    await settled.waitFor({ timeout: budgetMs });
    return {
      state: await settled.getAttribute('data-state'),
      text: (await settled.textContent()) ?? '',
      controllerScriptUrl: await page.evaluate(
        () =>
          (globalThis as unknown as { navigator: PageNavigator }).navigator.serviceWorker.controller?.scriptURL ?? null,
      ),
      serviceWorkerUrls: context.serviceWorkers().map((worker) => worker.url()),
      pageErrors,
    };
  } finally {
    await context.close();
  }
}
