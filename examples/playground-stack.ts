import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { createServer, type ViteDevServer } from 'vite';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { type EsmOrigin, startEsmOrigin } from '../testing/origins/esm-origin.js';
import { startReferenceCms } from '../testing/origins/reference-cms.js';
import { buildWorkerScript, serveWorkerScript } from './build/worker-script.js';
import type { PlaygroundPageStoreChoice } from './playground/page-store-choice.js';
import { createPublisherApi, publisherRequestListener } from './publisher/publisher-api.js';
import { strapiReleaseCms } from './publisher/strapi-release-cms.js';
import { startHostProcess } from './stack/host-process.js';
import { listenError } from './stack/playground-start-error.js';
import { startPlaygroundStrapi } from './stack/playground-strapi.js';
import { publishInputsKey, restorePublished, savePublished } from './stack/publish-cache.js';
import {
  type PublishStores,
  publishSchemaPackage,
  schemaPackageDir,
  schemaPackageVariants,
} from './stack/publish-schema-package.js';
import { publishedVersionAttributes } from './stack/published-version-attributes.js';
import { claimStateFolder, resetStateFolder, type StateFolder } from './stack/state-folder.js';

export { PlaygroundStartError } from './stack/playground-start-error.js';

/** Ports (0: a free one), the secret and the state folder of {@link startPlayground}. */
export interface PlaygroundOptions {
  readonly editorPort: number;
  readonly hostPort: number;
  readonly artifactsPort: number;
  readonly esmPort: number;
  readonly secret: string;
  /** Where the playground keeps its folder stores (artifacts, modules), the copy of its last publish and the built worker. */
  readonly stateDir: string;
  /** Each line the stack prints (the host's own lines included). */
  readonly log: (line: string) => void;
  /**
   * The editor's page store: IndexedDB in the browser (`npm start`), a real Strapi 5 serving
   * the example package on `port` (`npm run start:strapi`; docs/playground.md "On Strapi"), or the
   * SDK's HTTP page store on the reference CMS (docs/playground.md "On an HTTP page store").
   */
  readonly pageStore?: { readonly kind: 'indexeddb' | 'http' } | { readonly kind: 'strapi'; readonly port: number };
}

/** A running playground. */
export interface Playground {
  readonly editorUrl: string;
  readonly hostUrl: string;
  readonly artifactsUrl: string;
  readonly esmUrl: string;
  /** Resolves when the host process exits (with its code). */
  readonly hostExit: Promise<number>;
  /** The Strapi of `npm run start:strapi`: its URL and API token. */
  readonly strapi?: { readonly url: string; readonly token: string };
  close(): Promise<void>;
}

/**
 * The environment that makes `npm start` pick every port itself and keep its working copy in
 * `stateDir` (tests run it beside other servers).
 */
export function anyPortEnvironment(stateDir: string): Record<string, string> {
  return {
    EDITOR_PORT: '0',
    PORT: '0',
    ARTIFACTS_PORT: '0',
    ESM_PORT: '0',
    STRAPI_PORT: '0',
    PLAYGROUND_STATE_DIR: stateDir,
  };
}

const examples = fileURLToPath(new URL('./', import.meta.url));
/** Where the ESM origin serves the modules: `ESM_ORIGIN` is `<esm url>/esm`. */
const ESM_PREFIX = '/esm';
/** The editor's path to the reference CMS (`PLAYGROUND_PAGE_STORE=http`), proxied as `/cms/` (not `/cms-x`). */
const CMS_PREFIX = '/cms';

/**
 * `npm start`'s stack on 127.0.0.1. First it claims the state folder and binds every port (the
 * artifacts origin, the ESM origin, the host as its own process — `npm run host` on the origin's
 * lightweight catalog — and the editor's Vite dev server, which proxies `/api` to the host,
 * `/origin` to the artifacts origin and `/cms` to the reference CMS, and serves the publisher API
 * under `/__playground`); only then does it empty the two folder stores, publish every variant of
 * examples/schema-package into them with `catalog-schema publish` (the catalog is what that publish
 * lists; republishing edits the stores, never the repository) and build the service worker.
 */
export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const state = await claimStateFolder(options.stateDir);
    cleanups.push(() => state.release());
    // Strapi boots meanwhile (seconds): the editor's page store is known before its server starts.
    const strapiStarting =
      options.pageStore?.kind === 'strapi' ? startPlaygroundStrapi(options.pageStore.port, options.log) : undefined;
    strapiStarting?.catch(() => {});
    cleanups.push(async () => (await strapiStarting?.catch(() => undefined))?.close());
    // The HTTP page store's CMS: pages in memory while the playground runs, on a free port.
    const cms = options.pageStore?.kind === 'http' ? await startReferenceCms() : undefined;
    if (cms !== undefined) cleanups.push(() => cms.close());
    const workerFile = join(state.workerDir, 'service-worker.js');

    const origin: ArtifactsOrigin = await startArtifactsOrigin({
      root: state.artifactsDir,
      port: options.artifactsPort,
    }).catch((error) => listenError(error, options.artifactsPort, 'the artifacts origin', 'ARTIFACTS_PORT'));
    cleanups.push(() => origin.close());
    // Every module is read from the state's esm/, where `catalog-schema publish` puts it (CATALOG_ESM_STORE).
    const esm: EsmOrigin = await startEsmOrigin({}, options.esmPort, {
      folder: { prefix: ESM_PREFIX, dir: state.esmDir },
    }).catch((error) => listenError(error, options.esmPort, 'the ESM origin', 'ESM_PORT'));
    cleanups.push(() => esm.close());
    const host = await startHostProcess({
      port: options.hostPort,
      catalogSource: `${origin.url}/catalog.json`,
      artifactsOrigin: origin.url,
      esmOrigin: `${esm.url}${ESM_PREFIX}`,
      secret: options.secret,
      log: options.log,
    });
    cleanups.push(() => host.stop());
    const strapi = await strapiStarting;
    const stores: PublishStores = {
      artifactsDir: state.artifactsDir,
      artifactsOrigin: origin.url,
      esmDir: state.esmDir,
      esmOrigin: `${esm.url}${ESM_PREFIX}`,
      hostUrl: host.url,
      secret: options.secret,
    };
    const pageStore: PlaygroundPageStoreChoice =
      strapi !== undefined
        ? { kind: 'strapi', ...(await strapi.store()) }
        : cms !== undefined
          ? { kind: 'http', baseUrl: CMS_PREFIX }
          : { kind: 'indexeddb' };
    const currentPageStore = async (): Promise<PlaygroundPageStoreChoice> =>
      strapi === undefined
        ? pageStore
        : {
            kind: 'strapi',
            ...(await strapi.store()),
            versionAttributes: await publishedVersionAttributes(state.artifactsDir),
          };
    const vite = await startEditorServer(options, {
      pageStore,
      cmsUrl: cms?.url,
      hostUrl: host.url,
      artifactsUrl: origin.url,
      esmUrl: `${esm.url}${ESM_PREFIX}`,
      workerFile,
      publisher: createPublisherApi(
        stores,
        { artifacts: () => origin.counts(), esm: () => esm.counts() },
        // Releases (examples/releases) are published from a copy in the state folder; on Strapi,
        // a release that changes a component is generated and deployed there first.
        {
          stores,
          releaseDir: state.releaseDir,
          ...(strapi === undefined ? {} : { cms: strapiReleaseCms(strapi, stores) }),
        },
        currentPageStore,
      ),
    });
    cleanups.push(() => vite.close());

    // Every port is ours: now the stores, the catalog and the worker.
    await resetStateFolder(state);
    await mkdir(state.artifactsDir);
    await mkdir(state.esmDir);
    options.log(`artifacts origin at ${origin.url} (serving ${state.artifactsDir})`);
    options.log(`ESM origin at ${esm.url}${ESM_PREFIX} (serving ${state.esmDir})`);
    if (cms !== undefined) options.log(`reference CMS at ${cms.url} (the editor's page store, through ${CMS_PREFIX})`);
    const [published] = await Promise.all([publishCatalog(state, stores), buildWorkerScript(state.workerDir)]);
    options.log(published);
    options.log(`development revalidation secret: ${options.secret}`);

    const port = (vite.httpServer!.address() as { port: number }).port;
    return {
      editorUrl: `http://127.0.0.1:${port}/`,
      hostUrl: host.url,
      artifactsUrl: origin.url,
      esmUrl: `${esm.url}${ESM_PREFIX}`,
      hostExit: host.exit,
      ...(strapi === undefined ? {} : { strapi: { url: strapi.url, token: (await strapi.store()).token } }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The editor's Vite dev server, listening. */
async function startEditorServer(
  options: PlaygroundOptions,
  parts: {
    hostUrl: string;
    artifactsUrl: string;
    esmUrl: string;
    workerFile: string;
    publisher: Hono;
    pageStore: PlaygroundPageStoreChoice;
    cmsUrl: string | undefined;
  },
): Promise<ViteDevServer> {
  const kind = parts.pageStore.kind;
  const vite = await createServer({
    configFile: false,
    root: join(examples, 'playground'),
    // Its own cache: the e2e scenario page's Vite server runs beside it with other dependencies,
    // and each page store's playground beside the others (the e2e suite) with other defines; one
    // that optimizes the dependencies again would swap the folder under the other's pages.
    cacheDir: join(examples, `../node_modules/.vite-playground${kind === 'indexeddb' ? '' : `-${kind}`}`),
    logLevel: 'warn',
    // window.playground.urls (docs/design.md page hooks).
    define: {
      __PLAYGROUND_URLS__: JSON.stringify({
        host: parts.hostUrl,
        artifactsOrigin: parts.artifactsUrl,
        esmOrigin: parts.esmUrl,
        ...(parts.pageStore.kind === 'strapi' ? { strapi: parts.pageStore.url } : {}),
        ...(parts.cmsUrl === undefined ? {} : { cms: parts.cmsUrl }),
      }),
      __PLAYGROUND_PAGE_STORE__: JSON.stringify(parts.pageStore),
    },
    plugins: [
      serveWorkerScript(parts.workerFile),
      {
        name: 'playground-publisher-api',
        configureServer(server) {
          server.middlewares.use('/__playground', publisherRequestListener(parts.publisher));
        },
      },
    ],
    optimizeDeps: {
      // Every dependency of the editor, bundled once at start: no re-optimisation (and page
      // reload) when the first page asks for a module Vite had not seen.
      include: [
        'react',
        'react-dom',
        'react-dom/client',
        'react/jsx-runtime',
        'react/jsx-dev-runtime',
        '@puckeditor/core',
        'lucide-react',
        'idb',
        'semver/functions/compare.js',
        'semver/functions/parse.js',
        'semver/functions/satisfies.js',
        'semver/ranges/valid.js',
        'zod/mini',
      ],
      noDiscovery: true,
    },
    server: {
      host: '127.0.0.1',
      port: options.editorPort,
      strictPort: true,
      proxy: {
        '/api': parts.hostUrl,
        '/origin': { target: parts.artifactsUrl, rewrite: (path) => path.slice('/origin'.length) },
        ...(parts.cmsUrl === undefined
          ? {}
          : { [`${CMS_PREFIX}/`]: { target: parts.cmsUrl, rewrite: (path: string) => path.slice(CMS_PREFIX.length) } }),
      },
    },
  });
  try {
    await vite.listen();
  } catch (error) {
    await vite.close();
    listenError(error as NodeJS.ErrnoException, options.editorPort, 'the editor', 'EDITOR_PORT');
  }
  return vite;
}

/**
 * Fills the emptied stores with every variant of examples/schema-package: `catalog-schema publish`,
 * unless the state folder's copy of the last publish was made from the same inputs (then that copy,
 * stack/publish-cache.ts); answers the line that says which.
 */
async function publishCatalog(state: StateFolder, stores: PublishStores): Promise<string> {
  const variants = await schemaPackageVariants();
  const key = await publishInputsKey(schemaPackageDir, variants);
  const folders = { artifactsDir: state.artifactsDir, esmDir: state.esmDir, cacheDir: state.cacheDir };
  const what = `${variants.length} variants of examples/schema-package (${variants.join(', ')})`;
  if (await restorePublished(folders, key))
    return `catalog: ${what}, as published at an earlier start from the same sources`;
  const started = performance.now();
  await publishSchemaPackage(stores, variants);
  await savePublished(folders, key);
  return `catalog: published ${what} with catalog-schema publish in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}
