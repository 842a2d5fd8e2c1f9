// Puck's styles without the web font it would fetch from rsms.me: no external service.
import '@puckeditor/core/no-external.css';
import { createRoot } from 'react-dom/client';
import {
  type CatalogWorker,
  createCatalogClient,
  openEditingSession,
  registerCatalogWorker,
  SdkError,
} from '../../sdk/index.js';
import { createPuckAdapter } from '../../sdk/puck/index.js';
import { trackContentSource } from './content-source.js';
import { Editor } from './editor.js';
import type { PlaygroundPageStoreChoice } from './page-store-choice.js';
import { openPlaygroundPageStore } from './playground-page-store.js';
import { runtimeModules } from './runtime-modules.js';

// The playground editor: the SDK with the page's modules, the catalog service worker, the page
// store (IndexedDB, or Strapi with `npm run start:strapi`) and Puck configured from the catalog at
// run time.

/** Which page store the stack chose (playground-stack.ts defines it). */
declare const __PLAYGROUND_PAGE_STORE__: PlaygroundPageStoreChoice;

/**
 * On Strapi, the page store as it is now: a release redeploys Strapi with a new token and a new
 * strapi-schema.json (docs/playground.md "On Strapi"). IndexedDB's never changes, and the define
 * keeps the editor starting offline (on Strapi too: the page opens from the edit journal).
 */
async function currentPageStore(): Promise<PlaygroundPageStoreChoice> {
  if (__PLAYGROUND_PAGE_STORE__.kind !== 'strapi') return __PLAYGROUND_PAGE_STORE__;
  // Offline, the one the editor started with: its pages open from the edit journal.
  const response = await fetch('/__playground/page-store').catch(() => undefined);
  if (response === undefined) return __PLAYGROUND_PAGE_STORE__;
  if (!response.ok) throw new Error(`GET /__playground/page-store answered ${response.status}`);
  return (await response.json()) as PlaygroundPageStoreChoice;
}

/** The lightweight catalog, served by the artifacts origin through the dev server's /origin proxy. */
const CATALOG_URL = '/origin/catalog.json';
const pageId = new URLSearchParams(location.search).get('page') ?? 'home';
document.title = `${pageId} · Playground editor`;
const root = createRoot(document.getElementById('root')!);

try {
  let worker: CatalogWorker | undefined;
  let workerError: string | undefined;
  try {
    // appShell: the editor itself is mirrored too, so it reloads offline once it was open.
    worker = await registerCatalogWorker({ scriptUrl: '/catalog-sw.js', catalogUrl: CATALOG_URL, appShell: true });
  } catch (error) {
    workerError = error instanceof Error ? error.message : String(error);
  }
  const source = trackContentSource();
  const client = createCatalogClient({
    hostUrl: location.origin,
    catalogUrl: CATALOG_URL,
    runtime: runtimeModules,
    fetch: source.fetch,
  });
  const catalog = await client.loadCatalog();
  const { store, accepts, externalSources } = await openPlaygroundPageStore(await currentPageStore(), catalog, () =>
    document.body.setAttribute('data-reload', 'required'),
  );
  // `?journal=off`: edits in memory only, for the benchmark that weighs the journal (never for editing).
  const journal = new URLSearchParams(location.search).get('journal') === 'off' ? false : undefined;
  const session = await openEditingSession({ store, pageId, newTitle: pageId === 'home' ? 'Home' : pageId, journal });
  const adapter = createPuckAdapter({ client, catalog, accepts, externalSources });
  root.render(
    <Editor
      adapter={adapter}
      client={client}
      catalog={catalog}
      session={session}
      source={source}
      worker={worker}
      workerError={workerError}
    />,
  );
} catch (error) {
  const message = error instanceof SdkError ? `${error.code}: ${error.message}` : String(error);
  root.render(
    <p id="boot" role="alert">
      The editor could not start: {message}
    </p>,
  );
}
