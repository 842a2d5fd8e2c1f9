import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { CatalogWorkerPluginError } from './catalog-worker-plugin-error.js';
import { packagedWorkerFiles, type WorkerFiles } from './packaged-worker-files.js';
import { serveWorkerScripts } from './serve-worker-scripts.js';
import { checkWorkerPath, emittedFileName, servedPath } from './worker-path.js';

/** Options of {@link catalogWorker}. */
export interface CatalogWorkerPluginOptions {
  /**
   * Where the catalog worker is served (`vite dev`, `vite preview`) and emitted (`vite build`),
   * under Vite's `base` (default `/catalog-sw.js`): the `scriptUrl` to give `registerCatalogWorker`.
   */
  readonly path?: string;
  /**
   * Also serve and emit the routes-only classic script, for `importScripts` in a worker of your
   * own (docs/service-worker.md "Coexisting with another worker"), at this path under `base`
   * (default: not served).
   */
  readonly routesPath?: string;
}

/** The default `path`: the catalog worker at the root of the editor, whose whole scope it gets. */
export const DEFAULT_WORKER_PATH = '/catalog-sw.js';

/** One script the plugin serves: the option it came from, its path under `base`, its file in the package. */
interface ServedScript {
  readonly option: 'path' | 'routesPath';
  readonly path: string;
  readonly file: string;
}

/**
 * The Vite plugin of the catalog service worker: `vite dev` and `vite preview` serve it at `path`
 * (text/javascript, no-cache), `vite build` emits it there, hashless, from the installed SDK
 * package, so that `registerCatalogWorker({ scriptUrl: '/catalog-sw.js' })` works in all three with no
 * copy step, and an upgrade of the SDK upgrades the worker. Options are checked here, when the
 * Vite config is read: a bad one throws a CatalogWorkerPluginError (`invalid-path`).
 */
export function catalogWorker(options: CatalogWorkerPluginOptions = {}): Plugin {
  return createCatalogWorkerPlugin(options, packagedWorkerFiles);
}

/** {@link catalogWorker} with the worker files given (tests serve files of their own). */
export function createCatalogWorkerPlugin(options: CatalogWorkerPluginOptions, files: () => WorkerFiles): Plugin {
  const path = options.path === undefined ? DEFAULT_WORKER_PATH : checkWorkerPath('path', options.path);
  const routesPath = options.routesPath === undefined ? undefined : checkWorkerPath('routesPath', options.routesPath);
  if (routesPath === path) {
    throw new CatalogWorkerPluginError(
      'invalid-path',
      'routesPath',
      `routesPath and path of the catalog worker plugin are the same: ${path}`,
    );
  }
  let config: ResolvedConfig | undefined;
  let scripts: readonly ServedScript[] = [];
  const resolved = () => {
    if (config === undefined) throw new Error('The catalog worker plugin was used before Vite resolved its config');
    return config;
  };
  /** URL path under `base` → file, for a dev or preview server. */
  const servedFiles = (fileOf: (script: ServedScript) => string) =>
    new Map(scripts.map((script) => [servedPath(resolved().base, script.path), fileOf(script)]));

  return {
    name: 'runtime-component-catalog:worker',
    configResolved(viteConfig) {
      config = viteConfig;
      const packaged = files();
      scripts = [
        { option: 'path', path, file: packaged.worker },
        ...(routesPath === undefined
          ? []
          : [{ option: 'routesPath' as const, path: routesPath, file: packaged.routes }]),
      ];
      for (const script of scripts) {
        if (!existsSync(script.file)) {
          throw new CatalogWorkerPluginError(
            'worker-missing',
            script.option,
            `The SDK package has no ${script.file}: reinstall @runtime-component-catalog/sdk`,
          );
        }
        // A copy made before the plugin would shadow or be shadowed by the package's file: one source only.
        const copy = viteConfig.publicDir === '' ? undefined : join(viteConfig.publicDir, emittedFileName(script.path));
        if (copy !== undefined && existsSync(copy)) {
          throw new CatalogWorkerPluginError(
            'public-file-conflict',
            script.option,
            `${copy} is served at ${script.path} too: delete it, the catalog worker plugin serves the SDK's own file there`,
          );
        }
      }
    },
    configureServer(server) {
      server.middlewares.use(serveWorkerScripts(servedFiles((script) => script.file)));
    },
    configurePreviewServer(server) {
      // The preview serves what the build wrote, with the worker's headers.
      const outDir = resolve(resolved().root, resolved().build.outDir);
      server.middlewares.use(serveWorkerScripts(servedFiles((script) => join(outDir, emittedFileName(script.path)))));
    },
    async generateBundle() {
      // The browser's build only (not an SSR build of the same app).
      if (this.environment.config.consumer !== 'client') return;
      for (const script of scripts) {
        this.emitFile({ type: 'asset', fileName: emittedFileName(script.path), source: await readFile(script.file) });
      }
    },
  };
}
