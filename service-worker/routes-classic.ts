import { CatalogRoutesError } from './catalog-routes-error.js';
import { registerCatalogRoutes } from './register-catalog-routes.js';

// The classic script for `importScripts` (dist/service-worker/routes-classic.js, its dependencies
// bundled): it defines the global `catalogServiceWorker` and registers nothing by itself; the
// importing worker calls `catalogServiceWorker.registerCatalogRoutes()` before its own routes.
// docs/service-worker.md "Coexisting with another worker".

declare global {
  /** What `importScripts` of the catalog's routes script defines: `registerCatalogRoutes` and its error class. */
  var catalogServiceWorker: {
    readonly registerCatalogRoutes: typeof registerCatalogRoutes;
    readonly CatalogRoutesError: typeof CatalogRoutesError;
  };
}

globalThis.catalogServiceWorker = { registerCatalogRoutes, CatalogRoutesError };
