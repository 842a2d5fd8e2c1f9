import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPackages } from './packed-packages.js';
import { openRecipePage } from './recipe-browser.js';
import { RecipeProcesses, type RecipeServer } from './recipe-processes.js';
import { changedFiles, copyRecipe, type RecipeManifest, recipeFiles, unpinnedDependencies } from './recipe-project.js';

// The recipes of examples/recipes/ run as a user runs them (docs/recipes.md); the Next.js editor has
// its own file (nextjs-editor.test.ts), since it needs the catalog stack. Each is copied into a
// fresh folder, installed with the packed tarballs (the rest from the registry), built for
// production and served on 127.0.0.1; the worker it serves is checked byte for byte against the
// SDK's dist/service-worker.js, then its page registers it in Chromium. Every step is timed:
// docs/recipes.md gives the times.

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Where every recipe serves the worker (its folder, /, is the scope). */
const WORKER_PATH = '/catalog-sw.js';
/** The worker's status right after registration: nothing mirrored yet, the default limit (50 MiB). */
const EMPTY_MIRROR = { type: 'mirror-status', entries: 0, bytes: 0, maxBytes: 50 * 1024 * 1024, urls: [] };
/**
 * Install, build and start of one recipe (docs/recipes.md); a cold npm cache downloads first.
 */
const SETUP_BUDGET_MS = 1_200_000;
/** The page's load and registration in Chromium, at load 8 on 2 cores. */
const BROWSER_BUDGET_MS = 60_000;

interface Recipe {
  /** Its folder in examples/recipes/. */
  readonly name: string;
  /** `npm start`'s arguments and environment, for a server on a free port of 127.0.0.1. */
  readonly start: { readonly args: readonly string[]; readonly env: Readonly<Record<string, string>> };
  /** The server's line once it accepts connections; group 1: its URL. */
  readonly ready: RegExp;
  /** What its build prints for a warning, when the bundler says it plainly. */
  readonly buildWarning?: RegExp;
}

const RECIPES: readonly Recipe[] = [
  {
    name: 'webpack',
    // server.js takes PORT=0 and prints the port it got.
    start: { args: ['start'], env: { PORT: '0' } },
    ready: /^serving (http:\/\/127\.0\.0\.1:\d+)\/\n/m,
    // "WARNING in …": the page's catalog client holds the SDK's import() of compiled modules, which
    // webpack compiles into a stub that rejects every URL ("Critical dependency") unless the SDK
    // marks it webpackIgnore (docs/recipes.md).
    buildWarning: /WARNING|Critical dependency/,
  },
];

let workDir: string;
let tarballs: Map<string, string>;
let browser: Browser;
let processes: RecipeProcesses;
/** Seconds of each step, per recipe (the lead's report and docs/recipes.md). */
const report: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'packaging-recipes-'));
  const packed = await packPackages(repoRoot, workDir);
  // What every recipe serves; missing when the workspace was packed before (or while) it was built.
  expect(packed.find(({ folder }) => folder === 'sdk')?.files).toContain('dist/service-worker.js');
  tarballs = new Map(packed.map(({ name, tarball }) => [name, tarball]));
  processes = new RecipeProcesses({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    // Next.js would otherwise try to send its usage data out (no network here).
    NEXT_TELEMETRY_DISABLED: '1',
    // Next.js keeps a copy of its native compiler (30 MB) in the user's cache folder: this run's own.
    XDG_CACHE_HOME: join(workDir, 'cache'),
  });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
  processes?.killAll();
  await mkdir(join(repoRoot, '.tmp'), { recursive: true });
  await writeFile(join(repoRoot, '.tmp/recipes-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.info('recipes report (seconds)', JSON.stringify(report, null, 2));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Runs `step`, records its seconds under `recipe`, and returns its result. */
async function timed<T>(recipe: string, step: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  report[recipe] = { ...report[recipe], [step]: Math.round((performance.now() - started) / 100) / 10 };
  return result;
}

for (const recipe of RECIPES) {
  describe(`the ${recipe.name} recipe (examples/recipes/${recipe.name})`, () => {
    const source = join(repoRoot, 'examples/recipes', recipe.name);
    let dir: string;
    let server: RecipeServer;
    /** The copy's own files before the install and the build. */
    let copied: Map<string, string>;
    /** What `npm run build` printed. */
    let buildOutput = '';

    beforeAll(async () => {
      dir = join(workDir, recipe.name);
      await copyRecipe(source, dir, tarballs);
      copied = await recipeFiles(dir);
      for (const [step, args] of [
        ['install', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']],
        ['build', ['run', 'build']],
      ] as const) {
        const result = await timed(recipe.name, step, () => processes.run('npm', args, dir));
        if (result.code !== 0) throw new Error(`npm ${args.join(' ')} exited with ${result.code}:\n${result.output}`);
        if (step === 'build') buildOutput = result.output;
      }
      const { args, env } = recipe.start;
      server = await timed(recipe.name, 'start', () => processes.serve('npm', args, dir, env, recipe.ready));
    }, SETUP_BUDGET_MS);

    afterAll(async () => {
      await server?.stop();
    });

    const { buildWarning } = recipe;
    if (buildWarning !== undefined) {
      it('builds the page and its catalog client without a bundler warning', () => {
        expect(buildOutput).toMatch(/compiled successfully/);
        expect(buildOutput).not.toMatch(buildWarning);
      });
    }

    it('pins every dependency to one exact version', async () => {
      const manifest = JSON.parse(await readFile(join(source, 'package.json'), 'utf8')) as RecipeManifest;
      expect(unpinnedDependencies(manifest)).toEqual([]);
    });

    it('builds without touching its own files (no tsconfig rewritten, nothing copied into the sources)', async () => {
      expect(changedFiles(copied, await recipeFiles(dir))).toEqual([]);
    });

    it(`serves the worker at ${WORKER_PATH}: 200, JavaScript, no-cache, the bytes of the SDK's dist/service-worker.js`, async () => {
      // The installed package's file (from the tarball): the workspace's dist/ may be rebuilt meanwhile.
      const expected = await readFile(join(dir, 'node_modules/@runtime-component-catalog/sdk/dist/service-worker.js'));
      const response = await fetch(`${server.url}${WORKER_PATH}`);
      const body = Buffer.from(await response.arrayBuffer());
      expect({
        status: response.status,
        contentType: response.headers.get('content-type'),
        cacheControl: response.headers.get('cache-control'),
        bytes: body.length,
        sha256: sha256(body),
      }).toEqual({
        status: 200,
        contentType: 'text/javascript; charset=utf-8',
        cacheControl: 'no-cache',
        bytes: expected.length,
        sha256: sha256(expected),
      });
    });

    it('registers it from its page in Chromium: the worker controls the page and status() answers', async () => {
      const page = await timed(recipe.name, 'browser', () =>
        openRecipePage(browser, `${server.url}/`, BROWSER_BUDGET_MS),
      );
      expect(page.pageErrors).toEqual([]);
      const status = page.state === 'ready' ? JSON.parse(page.text) : page.text;
      expect({ state: page.state, status }).toEqual({ state: 'ready', status: EMPTY_MIRROR });
      // The SDK puts the worker's settings in the script URL's query; the path is the served one.
      const controller = new URL(page.controllerScriptUrl ?? 'about:blank');
      expect(`${controller.origin}${controller.pathname}`).toBe(`${server.url}${WORKER_PATH}`);
      expect(page.serviceWorkerUrls).toEqual([page.controllerScriptUrl]);
    });
  });
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
