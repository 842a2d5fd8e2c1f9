// The ESM entry `@runtime-component-catalog/sdk/service-worker/routes` (dist/service-worker/routes.js,
// its dependencies bundled): the catalog's routes for a worker of your own that a bundler builds
// (vite-plugin-pwa's injectManifest, Workbox's InjectManifest). docs/service-worker.md
// "Coexisting with another worker".

export { CatalogRoutesError, type CatalogRoutesErrorCode } from './catalog-routes-error.js';
export type { CatalogRoutesOptions } from './catalog-routes-options.js';
export { registerCatalogRoutes } from './register-catalog-routes.js';
