import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import dts from 'vite-plugin-dts';

const workerSource = (file: string) => fileURLToPath(new URL(`../service-worker/${file}`, import.meta.url));

/** The files whose declarations `./service-worker/routes` ships: its public surface, no worker internals. */
const ROUTES_TYPES = [
  'routes.ts',
  'routes-classic.ts',
  'register-catalog-routes.ts',
  'catalog-routes-options.ts',
  'catalog-routes-error.ts',
];

/**
 * The worker scripts of `npm run build` (after the SDK), one per mode, each with workbox and idb
 * bundled in: a worker cannot import packages, and a bundler should not have to pick our workbox.
 * - default: the catalog's own worker, one classic script, dist/service-worker.js (`./service-worker`);
 * - `routes`: `registerCatalogRoutes` as ESM, dist/service-worker/routes.js with its types
 *   (`./service-worker/routes`), for a worker of yours that a bundler builds;
 * - `routes-classic`: the same as a classic script defining the global `catalogServiceWorker`,
 *   dist/service-worker/routes-classic.js, for `importScripts` (the Vite plugin's `routesPath`).
 * docs/service-worker.md "Coexisting with another worker".
 */
export default defineConfig(({ mode }): UserConfig => {
  const shared: UserConfig = {
    root: fileURLToPath(new URL('.', import.meta.url)),
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  const build = { outDir: 'dist', emptyOutDir: false, sourcemap: false } as const;
  if (mode === 'routes') {
    return {
      ...shared,
      build: {
        ...build,
        // A bundler's input: left readable, the app's build minifies it.
        minify: false,
        lib: { entry: workerSource('routes.ts'), formats: ['es'], fileName: () => 'service-worker/routes.js' },
      },
      plugins: [
        dts({
          tsconfigPath: '../service-worker/tsconfig.json',
          entryRoot: '../service-worker',
          include: ROUTES_TYPES.map((file) => `../service-worker/${file}`),
          outDirs: 'dist/service-worker',
        }),
      ],
    };
  }
  /** A classic script (`importScripts`, a registered worker), minified, its globals under `name`. */
  const classic = (entry: string, name: string, fileName: string): UserConfig => ({
    ...shared,
    build: {
      ...build,
      minify: true,
      lib: { entry: workerSource(entry), formats: ['iife'], name, fileName: () => fileName },
    },
  });
  if (mode === 'routes-classic') {
    return classic('routes-classic.ts', 'catalogServiceWorkerRoutes', 'service-worker/routes-classic.js');
  }
  return classic('catalog-worker.ts', 'catalogWorker', 'service-worker.js');
});
