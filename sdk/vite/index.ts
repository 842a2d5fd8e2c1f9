// `@runtime-component-catalog/sdk/vite`: the Vite plugin of the catalog service worker (Node,
// built by tsc into dist/vite/; docs/service-worker.md "The Vite plugin").

export { type CatalogWorkerPluginOptions, catalogWorker, DEFAULT_WORKER_PATH } from './catalog-worker-plugin.js';
export {
  CatalogWorkerPluginError,
  type CatalogWorkerPluginErrorCode,
} from './catalog-worker-plugin-error.js';
