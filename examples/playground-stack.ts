import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { createServer, type ViteDevServer } from 'vite';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { type EsmOrigin, startEsmOrigin } from '../testing/origins/esm-origin.js';
import { buildComponentModules } from './build/component-modules.js';
import { buildWorkerScript, serveWorkerScript } from './build/worker-script.js';
import { createPublisherApi, publisherRequestListener } from './publisher/publisher-api.js';
import { startHostProcess } from './stack/host-process.js';
import { listenError, PlaygroundStartError } from './stack/playground-start-error.js';
import { readCatalogFile } from './stack/read-catalog-file.js';
import { claimStateFolder, resetStateFolder } from './stack/state-folder.js';

export { PlaygroundStartError } from './stack/playground-start-error.js';

/** Ports (0: a free one), the secret and the state folder of {@link startPlayground}. */
export interface PlaygroundOptions {
  readonly editorPort: number;
  readonly hostPort: number;
  readonly artifactsPort: number;
  readonly esmPort: number;
  readonly secret: string;
  /** Where the playground keeps its working copy of the artifacts, published modules and the built worker. */
  readonly stateDir: string;
  /** Each line the stack prints (the host's own lines included). */
  readonly log: (line: string) => void;
}

/** A running playground. */
export interface Playground {
  readonly editorUrl: string;
  readonly hostUrl: string;
  readonly artifactsUrl: string;
  readonly esmUrl: string;
  /** Resolves when the host process exits (with its code). */
  readonly hostExit: Promise<number>;
  close(): Promise<void>;
}

/**
 * The environment that makes `npm start` pick every port itself and keep its working copy in
 * `stateDir` (tests run it beside other servers).
 */
export function anyPortEnvironment(stateDir: string): Record<string, string> {
  return { EDITOR_PORT: '0', PORT: '0', ARTIFACTS_PORT: '0', ESM_PORT: '0', PLAYGROUND_STATE_DIR: stateDir };
}

const examples = fileURLToPath(new URL('./', import.meta.url));
/** Where the ESM origin serves the modules: `ESM_ORIGIN` is `<esm url>/esm`. */
const ESM_PREFIX = '/esm';

/**
 * `npm start`'s stack on 127.0.0.1. First it claims the state folder and binds every port (the
 * artifacts origin, the ESM origin, the host as its own process — `npm run host` on the origin's
 * lightweight catalog — and the editor's Vite dev server, which proxies `/api` to the host and
 * `/origin` to the artifacts origin and serves the publisher API under `/__playground`); only then
 * does it replace the working copy of examples/artifacts (republishing edits the copy, never the
 * repository), empty the ESM folder (`catalog-schema publish` adds modules there) and build the
 * example component packages and the service worker.
 */
export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const catalog = await readCatalogFile(join(examples, 'artifacts', 'catalog.json')).catch((error: Error) => {
      throw new PlaygroundStartError('invalid-example', error.message);
    });
    const state = await claimStateFolder(options.stateDir, { artifactsSource: join(examples, 'artifacts') });
    cleanups.push(() => state.release());
    const workerFile = join(state.workerDir, 'service-worker.js');

    const origin: ArtifactsOrigin = await startArtifactsOrigin({
      root: state.artifactsDir,
      port: options.artifactsPort,
    }).catch((error) => listenError(error, options.artifactsPort, 'the artifacts origin', 'ARTIFACTS_PORT'));
    cleanups.push(() => origin.close());
    // The example modules are set in memory; anything else is read from the state's esm/, where
    // `catalog-schema publish` puts a new variant's module (CATALOG_ESM_STORE).
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
    const vite = await startEditorServer(options, {
      hostUrl: host.url,
      artifactsUrl: origin.url,
      esmUrl: `${esm.url}${ESM_PREFIX}`,
      workerFile,
      publisher: createPublisherApi(
        { artifactsDir: state.artifactsDir, artifactsOrigin: origin.url, hostUrl: host.url, secret: options.secret },
        { artifacts: () => origin.counts(), esm: () => esm.counts() },
      ),
    });
    cleanups.push(() => vite.close());

    // Every port is ours: now the working copy and the builds.
    await resetStateFolder(state);
    await cp(state.artifactsSource, state.artifactsDir, { recursive: true });
    await mkdir(state.esmDir);
    const [modules] = await Promise.all([
      buildComponentModules(catalog, ESM_PREFIX),
      buildWorkerScript(state.workerDir),
    ]);
    for (const [path, source] of Object.entries(modules)) esm.set(path, source);
    options.log(`artifacts origin at ${origin.url} (serving ${state.artifactsDir})`);
    options.log(
      `ESM origin at ${esm.url}${ESM_PREFIX} (${catalog.packages.length} example packages built; serving ${state.esmDir} too)`,
    );
    options.log(`development revalidation secret: ${options.secret}`);

    const port = (vite.httpServer!.address() as { port: number }).port;
    return {
      editorUrl: `http://127.0.0.1:${port}/`,
      hostUrl: host.url,
      artifactsUrl: origin.url,
      esmUrl: `${esm.url}${ESM_PREFIX}`,
      hostExit: host.exit,
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
  },
): Promise<ViteDevServer> {
  const vite = await createServer({
    configFile: false,
    root: join(examples, 'playground'),
    // Its own cache: the e2e scenario page's Vite server runs beside it with other dependencies.
    cacheDir: join(examples, '../node_modules/.vite-playground'),
    logLevel: 'warn',
    // window.playground.urls (docs/design.md page hooks).
    define: {
      __PLAYGROUND_URLS__: JSON.stringify({
        host: parts.hostUrl,
        artifactsOrigin: parts.artifactsUrl,
        esmOrigin: parts.esmUrl,
      }),
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
