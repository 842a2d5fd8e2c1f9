/**
 * The Vite plugin that serves the catalog's service worker in `vite dev` and `vite preview` and
 * emits it in `vite build` (Node, built by tsc into dist/vite/; docs/service-worker.md "The Vite
 * plugin").
 *
 * @packageDocumentation
 */
export { type CatalogWorkerPluginOptions, catalogWorker, DEFAULT_WORKER_PATH } from './catalog-worker-plugin.js';
export {
  CatalogWorkerPluginError,
  type CatalogWorkerPluginErrorCode,
} from './catalog-worker-plugin-error.js';
