import {
  type MirrorStatus,
  WORKER_PARAMS,
  type WorkerReply,
  type WorkerRequest,
} from '@runtime-component-catalog/contracts';
import { requireBrowser } from './internal/require-browser.js';

/** Options of {@link registerCatalogWorker}. */
export interface CatalogWorkerOptions {
  /**
   * The worker's script, same origin as the page: the catalog's worker where the Vite plugin serves
   * it (`/catalog-sw.js`), or a worker of your own that registers the catalog's routes
   * (docs/service-worker.md "Coexisting with another worker").
   */
  readonly scriptUrl: string;
  /** The host whose answers are mirrored (default: the page's origin). */
  readonly hostUrl?: string;
  /** The lightweight catalog's URL, mirrored too. */
  readonly catalogUrl?: string;
  /** Mirror limit in bytes (worker default 50 MiB). */
  readonly maxBytes?: number;
  /** How long the worker waits for the host before answering from the mirror (default 4,000 ms). */
  readonly timeoutMs?: number;
  /** Registration scope (default: the script's folder). */
  readonly scope?: string;
  /**
   * Mirror the editor's app shell too (default false): the page and the same-origin scripts,
   * styles, fonts and images it loads, network first, so an editor that was open once reloads
   * offline. The resources this page loaded before the worker controlled it are mirrored at once.
   */
  readonly appShell?: boolean;
}

/** The registered worker, controlling this page. */
export interface CatalogWorker {
  /** The browser's registration of the worker. */
  readonly registration: ServiceWorkerRegistration;
  /** Entries, bytes and URLs of the mirror. */
  status(): Promise<MirrorStatus>;
  /** Empties the mirror. */
  clear(): Promise<void>;
}

/**
 * Registers the catalog service worker with its configuration in the script URL, and resolves
 * once it controls this page (it claims clients on activation).
 */
export async function registerCatalogWorker(options: CatalogWorkerOptions): Promise<CatalogWorker> {
  requireBrowser(
    'registerCatalogWorker',
    typeof location !== 'undefined' && typeof navigator !== 'undefined' && navigator.serviceWorker !== undefined,
    'navigator.serviceWorker',
  );
  const script = new URL(options.scriptUrl, location.href);
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined) script.searchParams.set(name, String(value));
  };
  set(WORKER_PARAMS.host, options.hostUrl === undefined ? undefined : new URL(options.hostUrl, location.href).origin);
  set(
    WORKER_PARAMS.catalog,
    options.catalogUrl === undefined ? undefined : new URL(options.catalogUrl, location.href).href,
  );
  set(WORKER_PARAMS.maxBytes, options.maxBytes);
  set(WORKER_PARAMS.timeoutMs, options.timeoutMs);
  set(WORKER_PARAMS.appShell, options.appShell ? 1 : undefined);
  const container = navigator.serviceWorker;
  const registration = await container.register(
    script.href,
    options.scope === undefined ? {} : { scope: options.scope },
  );
  if (container.controller?.scriptURL !== script.href) {
    await new Promise<void>((resolve) => {
      const check = () => {
        if (container.controller?.scriptURL === script.href) {
          container.removeEventListener('controllerchange', check);
          resolve();
        }
      };
      container.addEventListener('controllerchange', check);
      check();
    });
  }
  const ask = (request: WorkerRequest) =>
    new Promise<WorkerReply>((resolve, reject) => {
      // It controlled the page when registration resolved; should it no longer, the question fails.
      const controller = container.controller;
      if (controller === null) {
        reject(new DOMException('The catalog worker does not control this page', 'InvalidStateError'));
        return;
      }
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent<WorkerReply>) => resolve(event.data);
      controller.postMessage(request, [channel.port2]);
    });
  if (options.appShell) {
    // What loaded before the worker took over, the page included: mirrored now, not on next visit.
    const resources = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).origin === location.origin);
    await ask({ type: 'mirror-app-shell', document: location.href, resources });
  }
  return {
    registration,
    status: async () => (await ask({ type: 'mirror-status' })) as MirrorStatus,
    clear: async () => {
      await ask({ type: 'clear-mirror' });
    },
  };
}
