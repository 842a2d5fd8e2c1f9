/**
 * The catalog's routes for a service worker of your own that a bundler builds (vite-plugin-pwa's
 * injectManifest, Workbox's InjectManifest): `registerCatalogRoutes`, registered before the
 * worker's own routes (docs/service-worker.md "Coexisting with another worker").
 *
 * @packageDocumentation
 */
export { CatalogRoutesError, type CatalogRoutesErrorCode } from './catalog-routes-error.js';
export type { CatalogRoutesOptions } from './catalog-routes-options.js';
export { registerCatalogRoutes } from './register-catalog-routes.js';
