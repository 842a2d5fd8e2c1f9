// sw.ts: the editor's own worker (vite-plugin-pwa's injectManifest, Workbox's InjectManifest), which
// its build bundles: the catalog's routes join it, one worker for the editor's scope.
import { registerCatalogRoutes } from '@runtime-component-catalog/sdk/service-worker/routes';

// First, before the worker's own routes: the catalog answers the host's routes and the catalog
// from its mirror, and a request it answers never reaches a route registered after it.
// Configured by the query of `registerCatalogWorker({ scriptUrl: '/sw.js', hostUrl, catalogUrl })`.
registerCatalogRoutes();

// Then the worker as it was: precacheAndRoute(self.__WB_MANIFEST), its routes, and its lifecycle
// (skipWaiting and clientsClaim(): registerCatalogWorker resolves once the worker controls the page).
