/**
 * The browser SDK: the catalog client (stage 1 list, stage 2 entries, components and inserts),
 * page stores, the editing session, the runtime registry and the service worker's page side.
 *
 * @packageDocumentation
 */
export type {
  Catalog,
  CatalogEntry,
  CatalogPackage,
  ComponentInstance,
  PackageDescriptor,
  Page,
} from '@runtime-component-catalog/contracts';
export {
  CatalogClient,
  type CatalogClientOptions,
  createCatalogClient,
  type InsertedComponent,
  PREFETCH_FRESH_MS,
} from './catalog-client.js';
export { type CatalogCategory, CatalogView } from './catalog-view.js';
export { createInstance, newInstanceId } from './component-instance.js';
export type { ComponentModule, ModuleImporter } from './component-loader.js';
export {
  type EditJournal,
  type EditJournalOptions,
  type JournalEntry,
  type JournaledEdits,
  openEditJournal,
} from './edit-journal/edit-journal.js';
export { EditingSession, type EditingSessionState, type KeptEdits, type PageEdit } from './editing-session.js';
export type { ExternalItem, ExternalSource } from './external-source.js';
export type { FetchLike } from './internal/request.js';
export { type EditingSessionOptions, openEditingSession } from './open-editing-session.js';
export { createHttpPageStore, type HttpPageStoreOptions } from './page-store/http-page-store.js';
export { openPageStore, PAGE_DATABASE_VERSION, type PageStoreOptions } from './page-store/indexeddb-page-store.js';
export type { PageStore, PageStoreEvent, PageSummary } from './page-store/page-store.js';
export { type CatalogWorker, type CatalogWorkerOptions, registerCatalogWorker } from './register-catalog-worker.js';
export { missingRuntimeModules, registerRuntimeModules, runtimeRegistry } from './runtime-registry.js';
export { SdkError, type SdkErrorCode } from './sdk-error.js';
