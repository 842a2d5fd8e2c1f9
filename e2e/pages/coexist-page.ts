import type { CatalogWorker } from '@runtime-component-catalog/sdk';

// What the pages of an editor whose worker carries the catalog's routes (e2e/pages/coexist-*/)
// expose to their tests (e2e/worker-coexist-*.e2e.ts) as `window.coexist`.

/** An answer as the page saw it; a network error is status 0 with the error as body. */
export interface PageAnswer {
  readonly status: number;
  /** `x-catalog-mirror`: `offline` when the catalog's mirror answered for an unreachable host. */
  readonly mirror: string | null;
  readonly body: string;
}

/** The page's hooks for the tests. */
export interface CoexistPage {
  readonly worker: CatalogWorker;
  /** A GET of `path` from the page (what the SDK does), through whatever worker answers it. */
  get(path: string): Promise<PageAnswer>;
  /** The paths (with query) that a Cache Storage cache of the app's worker holds, sorted. */
  cached(cacheName: string): Promise<string[]>;
  /**
   * Posts `message` to the controlling worker with a reply port and returns every reply that
   * port got until two catalog status questions, asked after it, were answered.
   */
  repliesTo(message: unknown): Promise<unknown[]>;
}

declare global {
  interface Window {
    coexist?: CoexistPage;
  }
}

/** Exposes the hooks, then marks the page ready (`body[data-ready="true"]`). */
export function exposeCoexistPage(worker: CatalogWorker): void {
  window.coexist = {
    worker,
    async get(path) {
      try {
        const response = await fetch(path);
        return {
          status: response.status,
          mirror: response.headers.get('x-catalog-mirror'),
          body: await response.text(),
        };
      } catch (error) {
        return { status: 0, mirror: null, body: String(error) };
      }
    },
    async cached(cacheName) {
      const cache = await caches.open(cacheName);
      return (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search).sort();
    },
    async repliesTo(message) {
      const replies: unknown[] = [];
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => replies.push(event.data);
      navigator.serviceWorker.controller!.postMessage(message, [channel.port2]);
      // The worker handles messages in order: a reply to `message` would come before these answers.
      await worker.status();
      await worker.status();
      channel.port1.close();
      return replies;
    },
  };
  document.body.dataset.ready = 'true';
}
