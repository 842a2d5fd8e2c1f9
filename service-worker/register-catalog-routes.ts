import type { WorkerReply, WorkerRequest } from '@runtime-component-catalog/contracts';
import { catalogMessageListener } from './catalog-message-listener.js';
import { catalogRouter } from './catalog-router.js';
import type { CatalogRoutesOptions } from './catalog-routes-options.js';
import { Mirror } from './mirror.js';
import { mirrorAppShell } from './mirror-app-shell.js';
import { openMirrorDatabase } from './mirror-database.js';
import { MirrorStrategy } from './mirror-strategy.js';
import { configFromOptions, keepsLastGood, resolveWorkerConfig } from './worker-config.js';

declare const self: ServiceWorkerGlobalScope;

/**
 * Registers the catalog's routes (the host's routes and the catalog, mirrored; the app shell when
 * opted in) and its message listener (the page's `status()` and `clear()`) in the worker that
 * evaluates this: the catalog's own worker, or one of yours (docs/service-worker.md "Coexisting
 * with another worker"). No lifecycle: the worker's owner decides skipWaiting and clients.claim.
 *
 * Rules: call it once, while the worker script is evaluated (browsers take fetch and message
 * listeners added then), and before your own routes: fetch listeners run in the order they were
 * added and the first that answers ends the event, so the catalog answers its URLs and a catch-all
 * of yours (NetworkFirst on `/api/`, a navigation fallback) never sees them.
 * Without options, the worker's script URL query (what `registerCatalogWorker` puts there)
 * configures the routes.
 */
export function registerCatalogRoutes(options?: CatalogRoutesOptions): void {
  const scriptUrl = new URL(self.location.href);
  const config = options === undefined ? resolveWorkerConfig(scriptUrl) : configFromOptions(options, scriptUrl);
  const workerOrigin = self.location.origin;
  const mirror = new Mirror((terminated) => openMirrorDatabase(undefined, { terminated }), config.maxBytes);
  const strategy = new MirrorStrategy(mirror, config.timeoutMs, (url) => keepsLastGood(config, url));
  const router = catalogRouter(config, strategy, workerOrigin);

  // respondWith ends the event for every later listener (it sets the stop immediate propagation
  // flag, Service Workers specification, FetchEvent.respondWith): a request the catalog answers
  // never reaches another worker's routes registered after these.
  self.addEventListener('fetch', (event) => {
    const response = router.handleRequest({ request: event.request, event });
    if (response !== undefined) event.respondWith(response);
  });

  const answer = async (request: WorkerRequest): Promise<WorkerReply> => {
    if (request.type === 'clear-mirror') {
      await mirror.clear();
      return { type: 'mirror-cleared' };
    }
    if (request.type === 'mirror-app-shell') {
      const mirrored = await mirrorAppShell(config, strategy, workerOrigin, request.document, request.resources);
      return { type: 'app-shell-mirrored', mirrored };
    }
    return mirror.status();
  };
  self.addEventListener('message', catalogMessageListener(answer));
}
