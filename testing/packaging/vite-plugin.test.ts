import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.js';
import { installFreshProject, workspaceVersion } from './fresh-project.js';
import { type PackedPackage, packPackages } from './packed-packages.js';

// An editor team's Vite 8 app, in a fresh folder, installs the packed SDK and uses its Vite plugin
// as the README shows (docs/snippets/vite-catalog-worker.ts as vite.config.ts, and the registration
// snippet as the page): `vite dev`, `vite build` and `vite preview` serve or emit the package's
// worker with no copy step, and Chromium registers it, controlled and answering status(). Each step
// is timed (.tmp/packaging-vite-plugin-report.json). `npm test` builds before this suite.

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const snippets = join(repoRoot, 'docs/snippets');
/** The Vite CLI's line once it listens, without colours (NO_COLOR); group 1: the origin. */
const VITE_LISTENING = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)\//;
/** How long a page gets to register the worker and answer, on a machine at load 8. */
const PAGE_BUDGET_MS = 60_000;

let workDir: string;
let app: string;
let packed: PackedPackage[];
let browser: Browser;
let shippedWorker: Buffer;
const children: ChildProcess[] = [];
const timings: Record<string, number> = {};

/** Runs `step`, recording its wall time in seconds under `name`. */
async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await step();
  } finally {
    timings[name] = Math.round((performance.now() - started) / 100) / 10;
  }
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'packaging-vite-plugin-'));
  packed = await timed('pack (every package)', () => packPackages(repoRoot, workDir));
  const tarball = (folder: string) => `file:${packed.find((entry) => entry.folder === folder)!.tarball}`;
  app = join(workDir, 'editor');
  await timed('install (sdk, contracts, vite)', () =>
    installFreshProject(app, {
      '@runtime-component-catalog/sdk': tarball('sdk'),
      '@runtime-component-catalog/contracts': tarball('contracts'),
      vite: workspaceVersion(repoRoot, 'vite'),
    }),
  );
  // The README's snippets as the team pastes them: the Vite config, and the registration as the page.
  await mkdir(join(app, 'src'));
  await cp(join(snippets, 'vite-catalog-worker.ts'), join(app, 'vite.config.ts'));
  await cp(join(snippets, 'service-worker-registration.ts'), join(app, 'src/service-worker-registration.ts'));
  await writeFile(
    join(app, 'src/main.ts'),
    [
      "import { worker } from './service-worker-registration.js';",
      '',
      '(globalThis as unknown as { catalogWorker: typeof worker }).catalogWorker = worker;',
      "document.body.dataset.ready = 'true';",
      '',
    ].join('\n'),
  );
  await writeFile(
    join(app, 'index.html'),
    '<!doctype html>\n<html><body><script type="module" src="/src/main.ts"></script></body></html>\n',
  );
  // The catalog the registration mirrors, served from the app's own origin.
  await mkdir(join(app, 'public'));
  await cp(join(repoRoot, 'examples/artifacts/catalog.json'), join(app, 'public/catalog.json'));
  shippedWorker = await readFile(join(app, 'node_modules/@runtime-component-catalog/sdk/dist/service-worker.js'));
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
  }
  await mkdir(join(repoRoot, '.tmp'), { recursive: true });
  await writeFile(join(repoRoot, '.tmp/packaging-vite-plugin-report.json'), `${JSON.stringify(timings, null, 2)}\n`);
  console.info('vite plugin, seconds per step', JSON.stringify(timings, null, 2));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Starts `vite <command>` of the app on a free port of 127.0.0.1; resolves with its origin once it listens. */
async function startVite(command: 'dev' | 'preview'): Promise<{ url: string; stop(): Promise<void> }> {
  const port = String(await freePort());
  const child = spawn(
    join(app, 'node_modules/.bin/vite'),
    [command, '--host', '127.0.0.1', '--port', port, '--strictPort'],
    {
      cwd: app,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  children.push(child);
  const exited = once(child, 'exit');
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        const match = VITE_LISTENING.exec(output);
        if (match) resolve(match[1]!);
      });
    }
    void exited.then(([code]) => reject(new Error(`vite ${command} exited with ${code}:\n${output}`)));
  });
  return {
    url,
    async stop() {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/** The worker script as the server answers it. */
async function workerAnswer(url: string) {
  const response = await fetch(`${url}/catalog-sw.js?host=${encodeURIComponent(url)}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** What the page of the app at `url` shows in Chromium: the worker that controls it, its mirror before and after a catalog read. */
async function pageWithWorker(url: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url, { timeout: PAGE_BUDGET_MS });
    await page.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: PAGE_BUDGET_MS });
    const seen = await page.evaluate(`(async () => {
      const worker = globalThis.catalogWorker;
      const before = await worker.status();
      const catalog = await fetch('/catalog.json');
      const after = await worker.status();
      return { controller: navigator.serviceWorker.controller?.scriptURL ?? null, before, catalog: catalog.status, after };
    })()`);
    return { ...(seen as object), errors };
  } finally {
    await context.close();
  }
}

/** What the page must show on `url`: the registration snippet's worker controls it and mirrors the catalog. */
async function expectedPage(url: string) {
  const script = new URL('/catalog-sw.js', url);
  script.searchParams.set('host', url);
  script.searchParams.set('catalog', `${url}/catalog.json`);
  script.searchParams.set('maxBytes', String(50 * 1024 * 1024));
  script.searchParams.set('timeoutMs', '4000');
  const catalogBytes = (await readFile(join(app, 'public/catalog.json'))).length;
  const status = { type: 'mirror-status', maxBytes: 50 * 1024 * 1024 };
  return {
    controller: script.href,
    before: { ...status, entries: 0, bytes: 0, urls: [] },
    catalog: 200,
    after: { ...status, entries: 1, bytes: catalogBytes, urls: [`${url}/catalog.json`] },
    errors: [],
  };
}

describe("an editor team's Vite 8 app with the catalog worker plugin, from the packed SDK", () => {
  it('ships the plugin, the routes module and the classic routes script in the SDK tarball', () => {
    const files = packed.find((entry) => entry.folder === 'sdk')!.files;
    expect(
      [
        'dist/vite/index.js',
        'dist/vite/index.d.ts',
        'dist/service-worker.js',
        'dist/service-worker/routes.js',
        'dist/service-worker/routes.d.ts',
        'dist/service-worker/routes-classic.js',
        'dist/service-worker/routes-classic.d.ts',
      ].filter((file) => !files.includes(file)),
    ).toEqual([]);
  });

  /** The server at `url` answers the worker as the package ships it, and Chromium registers it from the app's page. */
  async function expectServesWorker(url: string, server: string): Promise<void> {
    expect(await workerAnswer(url)).toEqual({
      status: 200,
      type: 'text/javascript',
      cache: 'no-cache',
      bytes: shippedWorker,
    });
    const shown = await timed(`browser on ${server}: open, register, status`, () => pageWithWorker(url));
    expect(shown).toEqual(await expectedPage(url));
  }

  it('vite dev answers /catalog-sw.js with the exact bytes of the package worker, JavaScript, no-cache; Chromium registers it', async () => {
    const server = await timed('vite dev: start to listening', () => startVite('dev'));
    try {
      await expectServesWorker(server.url, 'vite dev');
    } finally {
      await server.stop();
    }
  });

  it('vite build emits dist/catalog-sw.js with the same bytes; vite preview serves it no-cache; Chromium registers it', async () => {
    await timed('vite build', () =>
      run(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: app }),
    );
    expect(await readFile(join(app, 'dist/catalog-sw.js'))).toEqual(shippedWorker);
    const server = await timed('vite preview: start to listening', () => startVite('preview'));
    try {
      await expectServesWorker(server.url, 'vite preview');
    } finally {
      await server.stop();
    }
  });

  it("bundles the README's coexistence worker (the ./service-worker/routes export) into a classic script of the team's build", async () => {
    await cp(join(snippets, 'catalog-routes-worker.ts'), join(app, 'src/sw.ts'));
    await writeFile(
      join(app, 'vite.sw.config.ts'),
      [
        "import { defineConfig } from 'vite';",
        '',
        'export default defineConfig({',
        "  build: { outDir: 'dist-sw', lib: { entry: 'src/sw.ts', formats: ['iife'], name: 'sw', fileName: () => 'sw.js' } },",
        '});',
        '',
      ].join('\n'),
    );
    await timed('vite build of a worker importing the routes', () =>
      run(join(app, 'node_modules/.bin/vite'), ['build', '-c', 'vite.sw.config.ts', '--logLevel', 'error'], {
        cwd: app,
      }),
    );
    const bundled = await readFile(join(app, 'dist-sw/sw.js'), 'utf8');
    // Self-contained: no import left for the browser, and the catalog's routes are in it.
    expect(bundled).not.toMatch(/\bimport\s*[{*'"(]|importScripts/);
    expect(bundled).toContain('x-catalog-mirror');
  });
});
