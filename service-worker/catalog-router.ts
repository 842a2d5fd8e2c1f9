import { Route, Router } from 'workbox-routing';
import type { MirrorStrategy } from './mirror-strategy.js';
import { appShellKey, isAppShell, isMirrored, type WorkerConfig } from './worker-config.js';

/**
 * The catalog's routes on a Router of their own, answered by a fetch listener of their own
 * (register-catalog-routes.ts). Not workbox's default router: that one also adds a message
 * listener for workbox-window's `CACHE_URLS`, which in a worker of another's would answer that
 * worker's messages a second time (docs/service-worker.md "Coexisting with another worker").
 */
export function catalogRouter(config: WorkerConfig, strategy: MirrorStrategy, workerOrigin: string): Router {
  const router = new Router();
  const matches = ({ url }: { url: URL }) => isMirrored(config, url);
  router.registerRoute(new Route(matches, ({ request }) => strategy.get(request), 'GET'));
  router.registerRoute(new Route(matches, ({ request }) => strategy.head(request), 'HEAD'));
  // The editor's app shell (opt-in): network first like everything else, the mirror when offline.
  router.registerRoute(
    new Route(
      ({ url, request }) => isAppShell(config, url, request.destination, workerOrigin),
      ({ request, url }) => strategy.get(request, appShellKey(url, request.destination)),
      'GET',
    ),
  );
  return router;
}
