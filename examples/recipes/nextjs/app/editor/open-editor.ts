import {
  type CatalogWorker,
  createCatalogClient,
  type EditingSession,
  openEditingSession,
  openPageStore,
  registerCatalogWorker,
} from '@runtime-component-catalog/sdk';
import { createPuckAdapter, type PuckAdapter } from '@runtime-component-catalog/sdk/puck';
import { createStrapiPageStore } from '@runtime-component-catalog/sdk/strapi';
import type { PageStoreSettings } from './page-store-settings';
import { runtimeModules } from './runtime/runtime-modules';

/** The lightweight catalog, on this origin through the `/catalog` rewrite (next.config.ts). */
const CATALOG_URL = '/catalog/catalog.json';

/** What the editor renders once it is open. */
export interface OpenEditor {
  readonly adapter: PuckAdapter;
  readonly session: EditingSession;
  /** The catalog worker, or why it could not be registered (the editor then works online only). */
  readonly worker: CatalogWorker | { readonly error: string };
}

/**
 * Opens the editor in the browser (called from an effect, never on the server): the catalog
 * worker, which mirrors the host's answers and this app's own files so the editor reloads
 * offline; the catalog client on the host behind this origin with this app's modules; the page
 * store; the editing session of page `pageId` (`?page=`, default `home`); the Puck adapter.
 */
export async function openEditor(pageStore: PageStoreSettings, pageId: string): Promise<OpenEditor> {
  const worker = await registerCatalogWorker({
    scriptUrl: '/catalog-sw.js',
    hostUrl: location.origin,
    catalogUrl: CATALOG_URL,
    appShell: true,
  }).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
  const client = createCatalogClient({ hostUrl: location.origin, catalogUrl: CATALOG_URL, runtime: runtimeModules });
  const catalog = await client.loadCatalog();
  if (pageStore.kind === 'indexeddb') {
    const session = await openEditingSession({ store: await openPageStore(), pageId, newTitle: pageId });
    return { adapter: createPuckAdapter({ client, catalog }), session, worker };
  }
  const store = createStrapiPageStore({
    url: pageStore.url,
    schema: pageStore.schema,
    token: () => pageStore.token,
    // A block added in Strapi's admin (no cmp_instance yet) takes the version the catalog lists.
    resolveVariant: (packageId) => {
      const listed = catalog.packages.find((pkg) => pkg.id === packageId);
      return listed === undefined ? undefined : { package: listed.package, version: listed.version };
    },
  });
  const session = await openEditingSession({ store, pageId, newTitle: pageId });
  const adapter = createPuckAdapter({
    client,
    catalog,
    // A variant the page collection does not list is shown, with why, and cannot be inserted.
    accepts: (packageId) => store.acceptsVariant(packageId),
    // puck.json's media fields list Strapi's media library.
    externalSources: { media: store.mediaLibrary },
  });
  return { adapter, session, worker };
}
