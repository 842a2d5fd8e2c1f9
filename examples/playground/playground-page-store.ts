import type { CatalogView, ExternalSource, PageStore } from '../../sdk/index.js';
import { createHttpPageStore, openPageStore } from '../../sdk/index.js';
import { createStrapiPageStore } from '../../sdk/strapi/index.js';
import type { PlaygroundPageStoreChoice } from './page-store-choice.js';

/** The store and what it tells the Puck adapter: which variants a page accepts, where media comes from. */
export interface PlaygroundPageStore {
  readonly store: PageStore;
  readonly accepts: ((packageId: string) => string | undefined) | undefined;
  readonly externalSources: Readonly<Record<string, ExternalSource>> | undefined;
}

/**
 * The editor's page store: IndexedDB, the reference CMS over HTTP, or Strapi. On Strapi, a block
 * added in Strapi's admin without the editor's `cmp_instance` takes the package and version the
 * catalog lists now.
 */
export async function openPlaygroundPageStore(
  choice: PlaygroundPageStoreChoice,
  catalog: CatalogView,
  onVersionChange: () => void,
): Promise<PlaygroundPageStore> {
  if (choice.kind === 'indexeddb') {
    const store = await openPageStore({ name: 'playground-pages', onVersionChange });
    return { store, accepts: undefined, externalSources: undefined };
  }
  if (choice.kind === 'http') {
    const store = createHttpPageStore({ baseUrl: new URL(choice.baseUrl, location.origin).href });
    return { store, accepts: undefined, externalSources: undefined };
  }
  const store = createStrapiPageStore({
    url: choice.url,
    schema: choice.schema,
    token: () => choice.token,
    locale: 'en',
    // An instance of an older version reads and writes its version's attributes only (docs/strapi-pages.md).
    versionAttributes: choice.versionAttributes,
    resolveVariant: (packageId) => {
      const listed = catalog.packages.find((pkg) => pkg.id === packageId);
      return listed === undefined ? undefined : { package: listed.package, version: listed.version };
    },
  });
  return {
    store,
    accepts: (packageId) => store.acceptsVariant(packageId),
    // puck.json's media fields list Strapi's media library (uploading is Strapi's).
    externalSources: { media: store.mediaLibrary },
  };
}
