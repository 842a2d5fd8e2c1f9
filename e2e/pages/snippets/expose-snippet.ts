import type { CatalogWorker, Page, PageStore } from '@runtime-component-catalog/sdk';

/** What a snippet page hands to its test: the values the snippet exported, once it has run. */
export interface SnippetResults {
  readonly savedPage?: Page;
  readonly store?: PageStore;
  readonly worker?: CatalogWorker;
}

declare global {
  interface Window {
    snippet?: SnippetResults;
  }
}

/** Sets `window.snippet` and marks the body: the snippet's top-level code has finished. */
export function exposeSnippet(results: SnippetResults): void {
  window.snippet = results;
  document.body.dataset.snippet = 'done';
}
