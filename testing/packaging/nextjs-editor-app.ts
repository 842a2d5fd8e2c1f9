import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { type PlaygroundProcess, startPlaygroundProcess } from '../../e2e/support/playground-process.js';
import { packPackages } from './packed-packages.js';
import { RecipeProcesses, type RecipeServer } from './recipe-processes.js';
import { copyRecipe, recipeFiles } from './recipe-project.js';

/** Where the editor's rewrites lead (docs/recipes.md "Next.js editor"): read by `next build`. */
export interface CatalogStackUrls {
  /** The catalog host (`CATALOG_HOST_URL`). */
  readonly hostUrl: string;
  /** The artifacts origin serving catalog.json (`CATALOG_ORIGIN_URL`). */
  readonly catalogOrigin: string;
}

/** The URLs the playground stack prints before `editor ready at …` (examples/playground-stack.ts). */
export function stackUrlsOf(output: string): CatalogStackUrls {
  const host = /host listening on (http:\/\/\S+)/.exec(output)?.[1];
  const origin = /artifacts origin at (http:\/\/\S+)/.exec(output)?.[1];
  if (host === undefined || origin === undefined) throw new Error(`No host or artifacts origin in:\n${output}`);
  return { hostUrl: host, catalogOrigin: origin };
}

/** The Next.js editor recipe, installed, built and started as a team does it. */
export interface NextjsEditorApp {
  /** `next start`'s URL on 127.0.0.1. */
  readonly url: string;
  /** The project's folder. */
  readonly dir: string;
  /** The recipe's own files before the install and the build (path → SHA-256). */
  readonly copied: ReadonlyMap<string, string>;
  /** What `next build` printed. */
  readonly buildOutput: string;
  /** Seconds of each step: install, build, start. */
  readonly seconds: Readonly<Record<'install' | 'build' | 'start', number>>;
  readonly server: RecipeServer;
}

/**
 * examples/recipes/nextjs copied into `dir`, installed with the packed tarballs (`tarballs`:
 * name → .tgz, the rest from the registry), built with `next build` against `stack` (and `env`:
 * STRAPI_* for the Strapi page store) and started with `next start` on a free port of 127.0.0.1.
 */
export async function startNextjsEditor(options: {
  readonly repoRoot: string;
  readonly dir: string;
  readonly tarballs: ReadonlyMap<string, string>;
  readonly processes: RecipeProcesses;
  readonly stack: CatalogStackUrls;
  readonly env?: Readonly<Record<string, string>>;
}): Promise<NextjsEditorApp> {
  const { dir, processes } = options;
  await copyRecipe(join(options.repoRoot, 'examples/recipes/nextjs'), dir, options.tarballs);
  const copied = await recipeFiles(dir);
  const env = {
    CATALOG_HOST_URL: options.stack.hostUrl,
    CATALOG_ORIGIN_URL: options.stack.catalogOrigin,
    ...options.env,
  };
  const seconds = { install: 0, build: 0, start: 0 };
  const step = async <T>(name: keyof typeof seconds, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    seconds[name] = Math.round((performance.now() - started) / 100) / 10;
    return result;
  };
  const install = await step('install', () =>
    processes.run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir),
  );
  if (install.code !== 0) throw new Error(`npm install exited with ${install.code}:\n${install.output}`);
  const build = await step('build', () => processes.run('npm', ['run', 'build'], dir, env));
  if (build.code !== 0) throw new Error(`npm run build exited with ${build.code}:\n${build.output}`);
  // `next start --port 0` listens on a free port and prints it.
  const server = await step('start', () =>
    processes.serve(
      'npm',
      ['start', '--', '--hostname', '127.0.0.1', '--port', '0'],
      dir,
      env,
      /- Local:\s+(http:\/\/127\.0\.0\.1:\d+)\n[\s\S]*✓ Ready in/,
    ),
  );
  return { url: server.url, dir, copied, buildOutput: build.output, seconds, server };
}

/** The Next.js editor on the playground's stack, with a Chromium to use it: what its tests and bench run. */
export interface NextjsEditorRun {
  /** `npm start` (or `npm run start:strapi`): the host, the origins and the Vite playground. */
  readonly stack: PlaygroundProcess;
  readonly app: NextjsEditorApp;
  readonly browser: Browser;
  /** Stops everything and removes `workDir`'s contents it made. */
  close(): Promise<void>;
}

/**
 * Packs the packages into `workDir`, starts the playground's stack with `script`, and builds and
 * starts the recipe in `workDir/nextjs` against it (`env(stackOutput)`: more build variables, the
 * Strapi ones from its lines), then launches Debian's Chromium. Children get PATH and HOME only,
 * no telemetry, and Next.js's compiler cache in `workDir`.
 */
export async function runNextjsEditor(options: {
  readonly repoRoot: string;
  readonly workDir: string;
  readonly script?: 'start' | 'start:strapi';
  readonly env?: (stackOutput: string) => Readonly<Record<string, string>>;
}): Promise<NextjsEditorRun> {
  const { repoRoot, workDir } = options;
  const processes = new RecipeProcesses({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    // Next.js would otherwise try to send its usage data out (no network here).
    NEXT_TELEMETRY_DISABLED: '1',
    // Next.js keeps a copy of its native compiler in the user's cache folder: this run's own.
    XDG_CACHE_HOME: join(workDir, 'cache'),
  });
  const cleanups: (() => Promise<unknown>)[] = [async () => processes.killAll()];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const packed = await packPackages(repoRoot, workDir);
    const stack = await startPlaygroundProcess(options.script ?? 'start');
    cleanups.push(() => stack.stop());
    const app = await startNextjsEditor({
      repoRoot,
      dir: join(workDir, 'nextjs'),
      tarballs: new Map(packed.map(({ name, tarball }) => [name, tarball])),
      processes,
      stack: stackUrlsOf(stack.output),
      env: options.env?.(stack.output),
    });
    cleanups.push(() => app.server.stop());
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    cleanups.push(() => browser.close());
    return { stack, app, browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}
