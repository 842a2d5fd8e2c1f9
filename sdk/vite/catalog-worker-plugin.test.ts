import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  build,
  createServer,
  type InlineConfig,
  type Plugin,
  type PreviewServer,
  preview,
  type ViteDevServer,
} from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogWorkerPlugin } from './catalog-worker-plugin.js';
import { CatalogWorkerPluginError } from './catalog-worker-plugin-error.js';
import type { WorkerFiles } from './packaged-worker-files.js';

// The plugin in real Vite servers and builds on 127.0.0.1, serving worker files of the test's own
// (the packaged ones, as installed from the tarball, are testing/packaging/vite-plugin.test.ts's).

const WORKER = '/* the catalog worker */ self.addEventListener("fetch", () => {});\n';
const ROUTES = '/* the catalog routes */ var catalogServiceWorker = {};\n';

let dir: string;
let files: WorkerFiles;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-worker-plugin-'));
  files = { worker: join(dir, 'package/service-worker.js'), routes: join(dir, 'package/routes-classic.js') };
  await mkdir(join(dir, 'package'));
  await writeFile(files.worker, WORKER);
  await writeFile(files.routes, ROUTES);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A Vite app of its own in a folder of `dir`: a page and a module. */
async function app(name: string): Promise<string> {
  const root = join(dir, name);
  await mkdir(root);
  await writeFile(join(root, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>\n');
  await writeFile(join(root, 'main.js'), 'document.body.dataset.ready = "true";\n');
  return root;
}

function config(root: string, plugin: Plugin, extra: InlineConfig = {}): InlineConfig {
  return { configFile: false, root, logLevel: 'silent', plugins: [plugin], ...extra };
}

/** A dev server of `inline`, listening. */
async function dev(inline: InlineConfig): Promise<ViteDevServer> {
  return (await createServer(inline)).listen();
}

/** Hands the URL of a listening server to `use`, then closes the server. */
async function serving(server: ViteDevServer | PreviewServer, use: (url: string) => Promise<void>): Promise<void> {
  try {
    const { port } = server.httpServer!.address() as AddressInfo;
    await use(`http://127.0.0.1:${port}`);
  } finally {
    await server.close();
  }
}

/** Status, the two headers the plugin promises, and the body. */
async function answer(url: string, method = 'GET') {
  const response = await fetch(url, { method });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    body: await response.text(),
  };
}

const served = (body: string) => ({ status: 200, type: 'text/javascript', cache: 'no-cache', body });
const server = { host: '127.0.0.1', port: 0 } as const;

describe('the catalog worker Vite plugin', () => {
  it('vite dev serves the worker at /catalog-sw.js, whatever the query, for GET and HEAD, with no-cache', async () => {
    const root = await app('dev');
    const plugin = createCatalogWorkerPlugin({}, () => files);
    await serving(await dev(config(root, plugin, { server })), async (url) => {
      expect(await answer(`${url}/catalog-sw.js`)).toEqual(served(WORKER));
      expect(await answer(`${url}/catalog-sw.js?host=http%3A%2F%2F127.0.0.1%3A9&catalog=%2Fcatalog.json`)).toEqual(
        served(WORKER),
      );
      const head = await fetch(`${url}/catalog-sw.js`, { method: 'HEAD' });
      expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([
        200,
        String(Buffer.byteLength(WORKER)),
        '',
      ]);
      // Not ours: the routes script was not asked for, and the app is still Vite's.
      expect((await answer(`${url}/catalog-sw-routes.js`)).body).not.toBe(ROUTES);
      expect((await answer(`${url}/main.js`)).body).toContain('dataset.ready');
    });
  });

  it("honours Vite's base and the path options in vite dev, routes script included", async () => {
    const root = await app('dev-base');
    const plugin = createCatalogWorkerPlugin({ path: '/sw/catalog.js', routesPath: '/sw/routes.js' }, () => files);
    await serving(await dev(config(root, plugin, { base: '/editor/', server })), async (url) => {
      expect(await answer(`${url}/editor/sw/catalog.js?v=2`)).toEqual(served(WORKER));
      expect(await answer(`${url}/editor/sw/routes.js`)).toEqual(served(ROUTES));
      expect((await answer(`${url}/sw/catalog.js`)).status).toBe(404);
    });
  });

  it('vite build emits the worker hashless at its path, the same bytes; vite preview serves it with no-cache', async () => {
    const root = await app('build');
    const plugin = () => createCatalogWorkerPlugin({ routesPath: '/catalog-sw-routes.js' }, () => files);
    await build(config(root, plugin()));
    expect(await readFile(join(root, 'dist/catalog-sw.js'), 'utf8')).toBe(WORKER);
    expect(await readFile(join(root, 'dist/catalog-sw-routes.js'), 'utf8')).toBe(ROUTES);
    expect((await readdir(join(root, 'dist'))).sort()).toEqual([
      'assets',
      'catalog-sw-routes.js',
      'catalog-sw.js',
      'index.html',
    ]);
    // The preview serves what the build wrote: a changed file in dist/ is what it answers.
    await writeFile(join(root, 'dist/catalog-sw.js'), `${WORKER}// built\n`);
    await serving(await preview(config(root, plugin(), { preview: server })), async (url) => {
      expect(await answer(`${url}/catalog-sw.js?host=x`)).toEqual(served(`${WORKER}// built\n`));
      expect(await answer(`${url}/catalog-sw-routes.js`)).toEqual(served(ROUTES));
      expect((await answer(`${url}/`)).body).toContain('<script type="module"');
    });
  });

  it('emits nothing in an SSR build of the same app', async () => {
    const root = await app('ssr');
    await writeFile(join(root, 'server.js'), 'export const render = () => "<p>ok</p>";\n');
    const plugin = createCatalogWorkerPlugin({}, () => files);
    await build(config(root, plugin, { build: { ssr: 'server.js', outDir: 'dist-ssr' } }));
    expect(await readdir(join(root, 'dist-ssr'))).toEqual(['server.mjs']);
  });

  it('refuses a copy in the public folder and a package without its worker file, when Vite reads the config', async () => {
    const root = await app('conflicts');
    await mkdir(join(root, 'public'));
    await writeFile(join(root, 'public/catalog-sw.js'), '// copied by hand before the plugin\n');
    const failure = (start: Promise<unknown>) =>
      start.then(
        () => 'started',
        (error: unknown) => (error instanceof CatalogWorkerPluginError ? [error.code, error.option] : error),
      );
    expect(
      await failure(
        createServer(
          config(
            root,
            createCatalogWorkerPlugin({}, () => files),
            { server },
          ),
        ),
      ),
    ).toEqual(['public-file-conflict', 'path']);
    await rm(join(root, 'public'), { recursive: true });
    const missing = { ...files, routes: join(dir, 'package/not-built.js') };
    expect(
      await failure(
        build(
          config(
            root,
            createCatalogWorkerPlugin({ routesPath: '/routes.js' }, () => missing),
          ),
        ),
      ),
    ).toEqual(['worker-missing', 'routesPath']);
  });
});
