/// <reference lib="webworker" />

import { registerCatalogRoutes } from './register-catalog-routes.js';

// The catalog service worker (built into dist/service-worker.js): the catalog's routes and
// messages (register-catalog-routes.ts), configured by its script URL's query, and its lifecycle.
// Lifecycle policy: skipWaiting and clients.claim. It serves no application code, only mirrored
// host answers, so a new version can take over at once without mixing old pages with new code;
// its mirror database is versioned (an older mirror is dropped in one upgrade transaction), so an
// update never reads a half-written mirror. A worker of another's that imports the routes keeps
// its own lifecycle (docs/service-worker.md "Coexisting with another worker").

declare const self: ServiceWorkerGlobalScope;

registerCatalogRoutes();

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
