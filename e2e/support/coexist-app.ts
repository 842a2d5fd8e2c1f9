import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CatalogWorkerPluginOptions, catalogWorker } from '@runtime-component-catalog/sdk/vite';
import { build, type InlineConfig, preview } from 'vite';

/** An editor app with a service worker of its own, built and served by `vite preview`. */
export interface CoexistApp {
  /** Its origin, `http://127.0.0.1:<port>`: the page, its worker, and the host's routes proxied. */
  readonly url: string;
  /** Stops the server and removes the build. */
  close(): Promise<void>;
}

/** How the app is built: its own worker and what the catalog's Vite plugin serves. */
export interface CoexistAppOptions {
  /** A worker of the app (in its folder) that `vite build` bundles into `/sw.js`, as injectManifest does. */
  readonly bundledWorker?: string;
  /** Files the bundled worker does not precache (paths in the build, such as `app-data.json`). */
  readonly notPrecached?: readonly string[];
  /** The catalog's Vite plugin with these options (the SDK package's built plugin: `npm test` builds first). */
  readonly plugin?: CatalogWorkerPluginOptions;
}

/**
 * Builds the app of e2e/pages/<name>/ into a temporary folder and serves it with `vite preview` on
 * 127.0.0.1, with `/api` proxied to the e2e host and `/catalog.json` to the artifacts origin (one
 * origin, as the scenario page has). A bundled worker is built last, with `self.__WB_MANIFEST` set
 * to the files of the build (URL and content hash), which is what Workbox's injectManifest does.
 */
export async function startCoexistApp(name: string, options: CoexistAppOptions = {}): Promise<CoexistApp> {
  const root = fileURLToPath(new URL(`../pages/${name}/`, import.meta.url));
  const outDir = await mkdtemp(join(tmpdir(), `e2e-${name}-`));
  const shared: InlineConfig = {
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: options.plugin === undefined ? [] : [catalogWorker(options.plugin)],
  };
  try {
    await build({ ...shared, build: { outDir, emptyOutDir: true } });
    if (options.bundledWorker !== undefined) {
      const manifest = await precacheManifest(outDir, new Set(options.notPrecached));
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { 'self.__WB_MANIFEST': JSON.stringify(manifest), 'process.env.NODE_ENV': '"production"' },
        build: {
          outDir,
          emptyOutDir: false,
          lib: {
            entry: join(root, options.bundledWorker),
            formats: ['iife'],
            name: 'appWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    }
    const server = await preview({
      ...shared,
      build: { outDir },
      preview: {
        host: '127.0.0.1',
        port: 0,
        proxy: { '/api': process.env.E2E_HOST_URL!, '/catalog.json': process.env.E2E_ARTIFACTS_URL! },
      },
    });
    const { port } = server.httpServer.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      async close() {
        await server.close();
        await rm(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
}

/** Every file of the build but `skipped`, as a precache manifest. */
async function precacheManifest(outDir: string, skipped: ReadonlySet<string>) {
  const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(outDir.length + 1))
    .filter((file) => !skipped.has(file));
  return Promise.all(
    files.sort().map(async (file) => ({
      url: `/${file}`,
      revision: createHash('sha256')
        .update(await readFile(join(outDir, file)))
        .digest('hex')
        .slice(0, 16),
    })),
  );
}
