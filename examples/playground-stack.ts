import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createServer, type ViteDevServer } from 'vite';
import { type Catalog, parseCatalog } from '../contracts/index.js';
import { buildComponentModules } from './build/component-modules.js';
import { buildWorkerScript, serveWorkerScript } from './build/worker-script.js';
import { type ArtifactsOrigin, startArtifactsOrigin } from './origins/artifacts-origin.js';
import { type EsmOrigin, startEsmOrigin } from './origins/esm-origin.js';
import { createPublisherApi } from './publisher/publisher-api.js';

/** Ports (0: a free one), the secret and the state folder of {@link startPlayground}. */
export interface PlaygroundOptions {
  readonly editorPort: number;
  readonly hostPort: number;
  readonly artifactsPort: number;
  readonly esmPort: number;
  readonly secret: string;
  /** Where the playground keeps its working copy of the artifacts and the built worker. */
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

/** A part of the stack could not start (port in use, build failed); `message` says which and what to do. */
export class PlaygroundStartError extends Error {
  override readonly name = 'PlaygroundStartError';
}

const examples = fileURLToPath(new URL('./', import.meta.url));
/** Where the Vite app and the ESM origin put the modules: `ESM_ORIGIN` is `<esm url>/esm`. */
const ESM_PREFIX = '/esm';

/**
 * `npm start`'s stack on 127.0.0.1: copies examples/artifacts to a working folder (republishing
 * edits the copy, never the repository), builds the example component packages and the service
 * worker, starts the artifacts origin over the copy, the ESM origin (esm.sh shape), the host as
 * its own process (`npm run host`, on the origin's lightweight catalog) and the editor's Vite dev
 * server, which proxies `/api` to the host and `/origin` to the artifacts origin (one origin for
 * the page, its service worker and the host) and serves the publisher API under `/__playground`.
 */
export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const artifactsDir = join(options.stateDir, 'artifacts');
    await rm(options.stateDir, { recursive: true, force: true });
    await mkdir(options.stateDir, { recursive: true });
    await cp(join(examples, 'artifacts'), artifactsDir, { recursive: true });
    const catalog = readCatalog(await readFile(join(artifactsDir, 'catalog.json'), 'utf8'));
    const [modules, workerFile] = await Promise.all([
      buildComponentModules(catalog, ESM_PREFIX),
      buildWorkerScript(join(options.stateDir, 'worker')),
    ]);

    const origin: ArtifactsOrigin = await startArtifactsOrigin({
      root: artifactsDir,
      port: options.artifactsPort,
    }).catch((error) => inUse(error, options.artifactsPort, 'the artifacts origin', 'ARTIFACTS_PORT'));
    cleanups.push(() => origin.close());
    options.log(`artifacts origin at ${origin.url} (serving ${artifactsDir})`);
    const esm: EsmOrigin = await startEsmOrigin(modules, options.esmPort).catch((error) =>
      inUse(error, options.esmPort, 'the ESM origin', 'ESM_PORT'),
    );
    cleanups.push(() => esm.close());
    options.log(`ESM origin at ${esm.url}${ESM_PREFIX} (${catalog.packages.length} example packages built)`);

    const host = await startHostProcess(options, {
      CATALOG_SOURCE: `${origin.url}/catalog.json`,
      ARTIFACTS_ORIGIN: origin.url,
      ESM_ORIGIN: `${esm.url}${ESM_PREFIX}`,
    });
    cleanups.push(() => host.stop());
    options.log(`development revalidation secret: ${options.secret}`);

    const publisher = createPublisherApi(
      { artifactsDir, artifactsOrigin: origin.url, hostUrl: host.url, secret: options.secret },
      { artifacts: () => origin.counts(), esm: () => esm.counts() },
    );
    const vite: ViteDevServer = await createServer({
      configFile: false,
      root: join(examples, 'playground'),
      // Its own cache: the e2e scenario page's Vite server runs beside it with other dependencies.
      cacheDir: join(examples, '../node_modules/.vite-playground'),
      logLevel: 'warn',
      plugins: [
        serveWorkerScript(workerFile),
        {
          name: 'playground-publisher-api',
          configureServer(server) {
            server.middlewares.use('/__playground', getRequestListener(publisher.fetch));
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
          '/api': host.url,
          '/origin': { target: origin.url, rewrite: (path) => path.slice('/origin'.length) },
        },
      },
    });
    cleanups.push(() => vite.close());
    await vite.listen().catch((error) => inUse(error, options.editorPort, 'the editor', 'EDITOR_PORT'));
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

function readCatalog(text: string): Catalog {
  const parsed = parseCatalog(JSON.parse(text));
  if (!parsed.ok) throw new PlaygroundStartError(`examples/artifacts/catalog.json: ${parsed.issues.join('; ')}`);
  return parsed.catalog;
}

function inUse(error: NodeJS.ErrnoException, port: number, what: string, variable: string): never {
  if (error.code === 'EADDRINUSE' || /already in use/i.test(error.message)) {
    throw new PlaygroundStartError(`port ${port} is in use (${what}); set ${variable} to another port, or 0 for any`);
  }
  throw new PlaygroundStartError(`${what} could not start: ${error.message}`);
}

/** `npm run host` as a child process; resolves with its URL once it prints its listening line. */
async function startHostProcess(
  options: PlaygroundOptions,
  env: Record<string, string>,
): Promise<{ url: string; exit: Promise<number>; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../host/main.ts', import.meta.url))],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, PORT: String(options.hostPort), REVALIDATION_SECRET: options.secret },
    },
  );
  const exit = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  const errors: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    errors.push(line);
    options.log(line);
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      options.log(line);
      const listening = /^host listening on (http:\/\/\S+)$/.exec(line);
      if (listening) resolve(listening[1]!);
    });
    void exit.then((code) => {
      const reason = errors.find((line) => line.startsWith('error:')) ?? `exit code ${code}`;
      reject(
        /EADDRINUSE|in use/i.test(reason)
          ? new PlaygroundStartError(
              `port ${options.hostPort} is in use (the host); set PORT to another port, or 0 for any`,
            )
          : new PlaygroundStartError(`the host did not start: ${reason}`),
      );
    });
  });
  return {
    url: url.replace('0.0.0.0', '127.0.0.1'),
    exit,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exit;
    },
  };
}
