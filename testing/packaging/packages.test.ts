import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArtifactsOrigin } from '../origins/artifacts-origin.js';
import { startEsmOrigin } from '../origins/esm-origin.js';
import { installFreshProject, workspaceVersion } from './fresh-project.js';
import { installNodeRuntime, type NodeRuntime } from './node-runtime.js';
import { type PackedPackage, PUBLISHED_PACKAGES, packPackages } from './packed-packages.js';

// What users install, from the packed tarballs, in fresh projects of their own (docs/packages.md):
// plain Node runs the host and both bins, a strict TypeScript project type-checks every export,
// a Vite + React 19 app builds the README's Puck snippet, and the SDK stays small to install.
// The workspace runs on Node 20; users run 22 and 24 too, so the host, the CLI (publish included)
// and the SDK's build also run on the registry's Node binaries of those lines.
// `npm test` builds the packages before this suite.

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const snippetsDir = join(repoRoot, 'docs/snippets');
/** The SDK's install footprint budget: the package and its dependencies, unpacked. */
const SDK_FOOTPRINT_BUDGET_BYTES = 10 * 1024 * 1024;
/** The Node lines the packed packages also run on, besides the workspace's own (20). */
const NODE_MAJORS = ['22', '24'] as const;
/** The host's listening line up to its newline (a port cut between two reads never matches); group 1: the URL. */
const HOST_LISTENING = /^host listening on (http:\/\/127\.0\.0\.1:\d+)\n/m;

let workDir: string;
let packed: PackedPackage[];
let consumer: string;
let sdkOnly: string;
const children: ChildProcess[] = [];
const report: Record<string, unknown> = {};
const runtimes = new Map<string, NodeRuntime>();

function tarballOf(folder: string): string {
  return packed.find((entry) => entry.folder === folder)!.tarball;
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'packaging-'));
  packed = await packPackages(repoRoot, workDir);
  consumer = join(workDir, 'consumer');
  sdkOnly = join(workDir, 'sdk-only');
  const version = (name: string) => workspaceVersion(repoRoot, name);
  const ours = Object.fromEntries(PUBLISHED_PACKAGES.map(({ name, folder }) => [name, `file:${tarballOf(folder)}`]));
  const thirdParty = [
    'hono',
    '@hono/node-server',
    'react',
    'react-dom',
    '@puckeditor/core',
    'vite',
    'typescript',
    '@types/react',
    '@types/react-dom',
    '@types/node',
  ];
  await Promise.all([
    installFreshProject(
      consumer,
      { ...ours, ...Object.fromEntries(thirdParty.map((name) => [name, version(name)])) },
      // Puck 0.23 declares @tiptap ranges that npm resolves with conflicting peers; a user pins them as we do.
      { overrides: { '@tiptap/core': version('@tiptap/core'), '@tiptap/pm': version('@tiptap/pm') } },
    ),
    installFreshProject(sdkOnly, {
      '@runtime-component-catalog/sdk': `file:${tarballOf('sdk')}`,
      '@runtime-component-catalog/contracts': `file:${tarballOf('contracts')}`,
    }),
    ...NODE_MAJORS.map(async (major) => {
      const runtime = await installNodeRuntime(join(workDir, `node-${major}`), major);
      runtimes.set(major, runtime);
      report[`Node ${major}`] = runtime.version;
    }),
  ]);
  // The README's snippets, as a user would paste them, and the example schema package.
  await cp(snippetsDir, join(consumer, 'app'), { recursive: true, filter: (path) => !path.endsWith('tsconfig.json') });
  await cp(join(repoRoot, 'examples/schema-package/src'), join(consumer, 'src'), { recursive: true });
  await cp(
    join(repoRoot, 'examples/schema-package/catalog-schema.config.json'),
    join(consumer, 'catalog-schema.config.json'),
  );
  // The page of the app Vite builds from the Puck snippet (on Node 20 and on each of NODE_MAJORS).
  await writeFile(
    join(consumer, 'index.html'),
    '<!doctype html>\n<html><body><div id="editor"></div><script type="module" src="/app/puck-embedding.tsx"></script></body></html>\n',
  );
});

afterAll(async () => {
  for (const child of children) {
    // A child stopped by a signal has no exit code: only one still running is killed (its group).
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
  }
  await writeFile(join(repoRoot, '.tmp/packaging-report.json'), `${JSON.stringify(report, null, 2)}\n`).catch(() => {});
  await removeNpxInstalls();
  console.log('packaging report', JSON.stringify(report, null, 2));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the tarballs', () => {
  it('are clean for publint (strict) and for attw, every one', async () => {
    for (const entry of packed) {
      const { messages, pkg } = await publint({
        pkgDir: join(consumer, 'node_modules', entry.name),
        pack: false,
        strict: true,
      });
      expect(messages.map((message) => `${entry.name}: ${formatMessage(message, pkg)}`)).toEqual([]);
      // The service worker is a classic script for the browser to register, not a module to type.
      const exclude = entry.folder === 'sdk' ? ['--exclude-entrypoints', './service-worker'] : [];
      const attw = await run(
        join(repoRoot, 'node_modules/.bin/attw'),
        [entry.tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color', ...exclude],
        { maxBuffer: 64 * 1024 * 1024 },
      ).then(
        () => 'no problems',
        (error: { stdout: string }) => error.stdout,
      );
      expect([entry.name, attw]).toEqual([entry.name, 'no problems']);
    }
  });

  it('ship JavaScript with declarations, a license and a README, and nothing that points at a missing file', async () => {
    for (const entry of packed) {
      const files = new Set(entry.files);
      report[`${entry.name} tarball`] = { bytes: entry.size, unpackedBytes: entry.unpackedSize, files: files.size };
      expect([...files].filter((file) => /\.(ts|tsx|mts|cts)$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
      expect(
        [...files].filter((file) => /(^|\/)tsconfig[^/]*\.json$|\.test\.|\.case\.|(^|\/)testing\//.test(file)),
      ).toEqual([]);
      expect(['LICENSE', 'README.md', 'package.json'].filter((file) => !files.has(file))).toEqual([]);
      const manifest = JSON.parse(await readFile(join(repoRoot, entry.folder, 'package.json'), 'utf8'));
      expect(manifest.private).toBeUndefined();
      expect(manifest.license).toBe('MIT');
      // Every path the manifest names (exports, bin) is in the tarball.
      const targets = pathsIn([manifest.exports, manifest.bin]).map((path) => path.slice(2));
      expect(targets.filter((target) => !files.has(target))).toEqual([]);
      // Every relative link of a shipped Markdown file leads to a shipped file.
      for (const markdown of [...files].filter((file) => file.endsWith('.md'))) {
        const text = await readFile(join(consumer, 'node_modules', entry.name, markdown), 'utf8');
        const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
          .map((m) => m[1]!)
          .filter((link) => !/^[a-z]+:|^#/.test(link));
        const broken = links.filter(
          (link) => !files.has(posix.normalize(posix.join(posix.dirname(markdown), link.split('#')[0]!))),
        );
        expect([entry.name, markdown, broken]).toEqual([entry.name, markdown, []]);
      }
      // Every declaration file the JavaScript needs is there: each .js of dist has its .d.ts.
      const missingTypes = [...files].filter(
        (file) =>
          file.startsWith('dist/') &&
          file.endsWith('.js') &&
          !file.includes('/shared/') &&
          !files.has(file.replace(/\.js$/, '.d.ts')),
      );
      expect(missingTypes.filter((file) => file !== 'dist/service-worker.js')).toEqual([]);
    }
  });
});

describe('a user project of its own', () => {
  it('type-checks every export and every README snippet: strict, nodenext, exactOptionalPropertyTypes, skipLibCheck off', async () => {
    await writeFile(
      join(consumer, 'app/every-export.ts'),
      [
        "import * as authoring from '@runtime-component-catalog/authoring';",
        "import * as contracts from '@runtime-component-catalog/contracts';",
        "import * as host from '@runtime-component-catalog/host';",
        "import * as hostRedis from '@runtime-component-catalog/host/redis';",
        "import * as sdk from '@runtime-component-catalog/sdk';",
        "import * as puck from '@runtime-component-catalog/sdk/puck';",
        "import * as strapi from '@runtime-component-catalog/sdk/strapi';",
        "import * as routes from '@runtime-component-catalog/sdk/service-worker/routes';",
        "import * as vitePlugin from '@runtime-component-catalog/sdk/vite';",
        '',
        'export const everyExport = [authoring, contracts, host, hostRedis, sdk, puck, strapi, routes, vitePlugin];',
        '',
      ].join('\n'),
    );
    const snippetConfig = JSON.parse(await readFile(join(snippetsDir, 'tsconfig.json'), 'utf8'));
    expect(snippetConfig.compilerOptions).toMatchObject({
      strict: true,
      module: 'NodeNext',
      exactOptionalPropertyTypes: true,
      skipLibCheck: false,
    });
    await writeFile(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: snippetConfig.compilerOptions, include: ['app'] }, null, 2),
    );
    const checked = await run(join(consumer, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: consumer }).catch(
      (error: { stdout: string; code: number }) => error,
    );
    expect(checked.stdout).toBe('');
  });

  it('runs the host snippet in plain Node: its own route and the catalog routes, answering an entry from a local origin', async () => {
    // The snippet as a Node program: the README's compiler settings, emitting JavaScript.
    const { compilerOptions } = JSON.parse(await readFile(join(snippetsDir, 'tsconfig.json'), 'utf8'));
    await writeFile(
      join(consumer, 'tsconfig.node.json'),
      JSON.stringify({
        compilerOptions: { ...compilerOptions, noEmit: false, outDir: 'build', rootDir: 'app', types: ['node'] },
        include: ['app/host-embedding.ts'],
      }),
    );
    const compiled = await run(join(consumer, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.node.json'], {
      cwd: consumer,
    }).catch((error: { stdout: string }) => error);
    expect(compiled.stdout).toBe('');
    const origin = await startArtifactsOrigin({ root: join(repoRoot, 'examples/artifacts') });
    try {
      const { url, stop } = await startProcess(
        process.execPath,
        ['build/host-embedding.js'],
        {
          PORT: '0',
          CATALOG_SOURCE: join(repoRoot, 'examples/artifacts/catalog.json'),
          ARTIFACTS_ORIGIN: origin.url,
          ESM_ORIGIN: 'http://127.0.0.1:9/esm',
        },
        /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/m,
      );
      const own = await fetch(`${url}/`);
      expect([own.status, await own.text()]).toEqual([200, 'my editor backend']);
      const entry = await fetch(`${url}/api/runtime-catalog/hero1`);
      expect(entry.status).toBe(200);
      expect(await entry.json()).toMatchObject({ id: 'hero1', package: '@acme/ui-hero1', version: '1.0.0' });
      await stop();
    } finally {
      await origin.close();
    }
  });

  it('builds a Vite + React 19 app from the Puck snippet (SDK and Puck adapter)', async () => {
    await run(join(consumer, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: consumer });
    // The SDK's runtime registry key made it into the app.
    expect(await readBundle(join(consumer, 'dist'))).toContain('runtime-catalog.modules');
  });

  it('loads no ioredis with the main entry of the host; its ./redis entry brings the Redis store', async () => {
    // ioredis is CommonJS, so every file it loads is in the require cache, imports included.
    const loads = (entry: string) =>
      [
        "import { createRequire } from 'node:module';",
        `const api = await import('${entry}');`,
        "const ioredis = Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/ioredis/'));",
        'console.log(JSON.stringify({ ioredis, exports: Object.keys(api).sort() }));',
      ].join('\n');
    const probe = async (entry: string) =>
      JSON.parse((await run(process.execPath, ['--input-type=module', '-e', loads(entry)], { cwd: consumer })).stdout);
    const main = await probe('@runtime-component-catalog/host');
    expect(main.ioredis).toBe(false);
    expect(main.exports).toContain('createHostApp');
    expect(main.exports).not.toContain('RedisCacheStore');
    expect(await probe('@runtime-component-catalog/host/redis')).toEqual({
      ioredis: true,
      exports: ['DEFAULT_REDIS_PREFIX', 'REDIS_CACHE_UNAVAILABLE', 'RedisCacheError', 'RedisCacheStore'],
    });
  });

  it('runs `npx catalog-schema validate` and `npx catalog-schema --help` in plain Node', async () => {
    const validated = await run('npx', ['catalog-schema', 'validate'], { cwd: consumer });
    expect(validated.stdout).toBe('valid: 12 components, 5 collections\n');
    const started = performance.now();
    const help = await run('npx', ['--no-install', 'catalog-schema', '--help'], { cwd: consumer });
    report['catalog-schema --help (ms, through npx)'] = Math.round(performance.now() - started);
    expect(help.stdout).toContain('Usage: catalog-schema');
  });

  it('runs `npx catalog-host`: it prints its listening line and answers', async () => {
    await withExampleHost('npx', ['--no-install', 'catalog-host'], {}, async ({ url, stop }) => {
      const entry = await fetch(`${url}/api/runtime-catalog/counter1`);
      expect(entry.status).toBe(200);
      // The whole group is signalled; the host's own clean exit on SIGTERM is host/main.test.ts's.
      await stop();
    });
  });
});

describe('a team starting its schema package with `catalog-schema init`', () => {
  it('runs npx catalog-schema init in a fresh folder, installs, and publishes a scaffolded variant into a catalog-host with no edit, timed', async () => {
    const root = join(workDir, 'acme');
    await mkdir(root);
    const steps: { command: string; seconds: number }[] = [];
    const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
    /** One command as the team types it, in the package folder, timed; its output when it fails. */
    const step = async (command: string, args: string[], env: Record<string, string> = {}) => {
      const line = [command, ...args].join(' ');
      const started = performance.now();
      const result = await run(command, args, {
        cwd: root,
        env: { ...process.env, ...env },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: { stdout: string; stderr: string; message: string }) => {
        throw new Error(`${line} failed:\n${error.stdout}${error.stderr || error.message}`);
      });
      steps.push({ command: line, seconds: seconds(started) });
      return result.stdout;
    };
    const targets = await startPublishTargets('init', process.execPath, {});
    try {
      const started = performance.now();
      // What a team runs before any install: npx fetches the CLI (here the tarballs, which the
      // registry does not have; contracts too, which the CLI depends on).
      const initOut = await step('npx', [
        '--yes',
        '--prefer-offline',
        '--package',
        tarballOf('contracts'),
        '--package',
        tarballOf('authoring'),
        'catalog-schema',
        'init',
      ]);
      expect(initOut).toContain('init: created @acme/catalog-schemas (variants @acme/ui-<variant>, CMS folder cms)');
      // The CI recipes (docs/authoring-ci.md) come with it, from the tarball's template.
      for (const workflow of ['pull-request.yml', 'release.yml', 'promote.yml'])
        expect((await readFile(join(root, '.github/workflows', workflow), 'utf8')).startsWith('# ')).toBe(true);
      // package.json pins the CLI's version, which only the tarball has: install it from there.
      expect(JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).devDependencies).toEqual({
        '@runtime-component-catalog/authoring': workspaceVersion(repoRoot, '@runtime-component-catalog/authoring'),
      });
      await step('npm', [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
        '--save-dev',
        tarballOf('authoring'),
        tarballOf('contracts'),
      ]);
      expect(await step('npm', ['run', '--silent', 'validate'])).toBe('valid: 1 components, 1 collections\n');
      await step('npm', ['run', '--silent', 'generate']);
      expect(await step('npm', ['run', '--silent', 'scaffold', '--', '--category', 'hero'])).toBe(
        'scaffold: created hero2 (@acme/ui-hero2), 8 files\n',
      );
      await step('npm', ['run', '--silent', 'build']);
      const published = await step('npm', ['run', '--silent', 'publish', '--', 'hero2'], targets.publishEnv);
      const total = seconds(started);
      expect(published.trimEnd().split('\n').slice(-2)).toEqual([
        'revalidate: package hero2 → 200 (runtime-package:hero2)',
        'published @acme/ui-hero2@0.1.0',
      ]);
      const entry = await fetch(`${targets.host.url}/api/runtime-catalog/hero2`);
      expect(entry.status).toBe(200);
      expect(await entry.json()).toMatchObject({ id: 'hero2', package: '@acme/ui-hero2', version: '0.1.0' });
      report['init to first publish'] = { seconds: total, commands: steps.length, steps };
      console.info(
        `init to first publish: ${total} s, ${steps.length} commands:\n${steps.map(({ command, seconds }) => `  ${seconds} s  ${command}`).join('\n')}`,
      );
      expect(await targets.host.stop()).toBe(0);
    } finally {
      await targets.close();
    }
  }, 600_000);
});

describe.each(NODE_MAJORS)('the packed packages on Node %s (the registry binary)', (major) => {
  let runtime: NodeRuntime;
  /** What every process of this Node gets: its folder first on PATH, nothing else of ours. */
  let base: Record<string, string>;

  beforeAll(() => {
    runtime = runtimes.get(major)!;
    base = { PATH: runtime.path, HOME: process.env.HOME ?? '' };
  });

  it('is the `node` of its children: `#!/usr/bin/env node` finds it first on their PATH', async () => {
    const { stdout } = await run('/usr/bin/env', ['node', '--version'], { env: base });
    expect(stdout.trim()).toBe(runtime.version);
  });

  it('runs the catalog-host bin: its listening line, health, an entry, and exit 0 on SIGTERM', async () => {
    await withExampleHost(
      runtime.binary,
      [join(consumer, 'node_modules/.bin/catalog-host')],
      base,
      async ({ url, stop }) => {
        const entry = await fetch(`${url}/api/runtime-catalog/hero1`);
        expect(entry.status).toBe(200);
        expect(await entry.json()).toMatchObject({ id: 'hero1', package: '@acme/ui-hero1', version: '1.0.0' });
        // Started by the Node binary itself (no npx in between), so the host gets the signal and exits on its own.
        expect(await stop()).toBe(0);
      },
    );
  });

  it('runs the catalog-schema bin in a schema package: validate, generate, scaffold, and publish into a catalog-host on the same Node', async () => {
    const schema = join(workDir, `schema-package-node-${major}`);
    for (const entry of ['src', 'catalog-schema.config.json', 'package.json']) {
      await cp(join(repoRoot, 'examples/schema-package', entry), join(schema, entry), { recursive: true });
    }
    const cli = (args: string[], env: Record<string, string> = {}) =>
      runOn(runtime, [join(consumer, 'node_modules/.bin/catalog-schema'), ...args], schema, { ...base, ...env });
    expect(await cli(['validate'])).toEqual({ code: 0, stdout: 'valid: 12 components, 5 collections\n', stderr: '' });
    for (const args of [['generate'], ['scaffold', '--category', 'hero']]) {
      const result = await cli(args);
      expect(result.code, result.stdout + result.stderr).toBe(0);
    }

    const targets = await startPublishTargets(`node-${major}`, runtime.binary, base);
    const { host, secret } = targets;
    try {
      const published = await cli(['publish', 'hero2'], targets.publishEnv);
      expect(published.code, published.stdout + published.stderr).toBe(0);
      expect(published.stdout.trimEnd().split('\n').slice(-2)).toEqual([
        'revalidate: package hero2 → 200 (runtime-package:hero2)',
        'published @acme/ui-hero2@0.1.0',
      ]);
      expect(published.stdout + published.stderr).not.toContain(secret);

      const entry = await fetch(`${host.url}/api/runtime-catalog/hero2`);
      expect(entry.status).toBe(200);
      const body = (await entry.json()) as { module: { url: string; sri: string } };
      expect(body).toMatchObject({ id: 'hero2', package: '@acme/ui-hero2', version: '0.1.0' });
      expect(body.module.sri).toMatch(/^sha384-/);
      // esbuild-wasm compiles the published module inside the host, on this Node.
      const compiled = await fetch(
        `${host.url}/api/remote-component?url=${encodeURIComponent(body.module.url)}&integrity=${encodeURIComponent(body.module.sri)}`,
      );
      const source = await compiled.text();
      expect([compiled.status, compiled.headers.get('content-type')], source).toEqual([
        200,
        'text/javascript; charset=utf-8',
      ]);
      expect(source.length).toBeGreaterThan(0);
      expect(await host.stop()).toBe(0);
    } finally {
      await targets.close();
    }
  });

  it("builds the Puck snippet's Vite + React 19 app with Vite run by this Node", async () => {
    const outDir = `dist-node-${major}`;
    const built = await runOn(
      runtime,
      [join(consumer, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--logLevel', 'error'],
      consumer,
      base,
    );
    expect(built.code, built.stdout + built.stderr).toBe(0);
    expect(await readBundle(join(consumer, outDir))).toContain('runtime-catalog.modules');
  });
});

describe('an editor team installing only the SDK', () => {
  it('gets the SDK, its Puck adapter and the worker file, within 10 MB with its dependencies', async () => {
    const modules = join(sdkOnly, 'node_modules');
    const installed = await listPackages(modules);
    const bytes = await folderBytes(modules);
    report['SDK install footprint'] = { bytes, packages: installed };
    expect(installed).toEqual([
      '@runtime-component-catalog/contracts',
      '@runtime-component-catalog/sdk',
      'idb',
      'semver',
      'zod',
    ]);
    expect(bytes).toBeLessThanOrEqual(SDK_FOOTPRINT_BUDGET_BYTES);
    const sdkDir = join(modules, '@runtime-component-catalog/sdk');
    for (const file of ['dist/index.js', 'dist/puck/index.js', 'dist/service-worker.js']) {
      expect((await stat(join(sdkDir, file))).size).toBeGreaterThan(0);
    }
  });
});

/**
 * Removes what npx installed for this run: the folders of npm's `_npx` cache whose package.json
 * names a tarball of `workDir` (npx keeps an install per list of packages, and each run's
 * tarballs have paths of their own).
 */
async function removeNpxInstalls(): Promise<void> {
  if (!workDir) return;
  const { stdout } = await run('npm', ['config', 'get', 'cache']);
  const npxDir = join(stdout.trim(), '_npx');
  for (const entry of await readdir(npxDir).catch(() => [])) {
    const manifest = await readFile(join(npxDir, entry, 'package.json'), 'utf8').catch(() => '');
    if (manifest.includes(workDir)) await rm(join(npxDir, entry), { recursive: true, force: true });
  }
}

/** Where `catalog-schema publish` publishes to, and the host that reads it. */
interface PublishTargets {
  readonly host: { url: string; stop(): Promise<number | null> };
  readonly secret: string;
  /** The settings publish reads from the environment (docs/authoring-publish.md "Settings"). */
  readonly publishEnv: Record<string, string>;
  /** Closes both origins (the host is stopped by the test). */
  close(): Promise<void>;
}

/**
 * The embedded default's publish targets, named `label`: empty folder stores served by the testing
 * origins, and the packed catalog-host, run by `node` (a runtime's binary) with `env`, reading them
 * with no catalog yet (the first publish writes it).
 */
async function startPublishTargets(label: string, node: string, env: Record<string, string>): Promise<PublishTargets> {
  const artifactsDir = join(workDir, `stores-${label}/artifacts`);
  const esmDir = join(workDir, `stores-${label}/esm`);
  await mkdir(artifactsDir, { recursive: true });
  await mkdir(esmDir, { recursive: true });
  const origin = await startArtifactsOrigin({ root: artifactsDir });
  const esm = await startEsmOrigin({}, 0, { folder: { prefix: '/esm', dir: esmDir } });
  const close = async () => {
    await esm.close();
    await origin.close();
  };
  const secret = `packaging-${label}-revalidation-secret`;
  try {
    const host = await startProcess(
      node,
      [join(consumer, 'node_modules/.bin/catalog-host')],
      {
        ...env,
        PORT: '0',
        SHUTDOWN_DRAIN_MS: '0',
        CATALOG_SOURCE: `${origin.url}/catalog.json`,
        ARTIFACTS_ORIGIN: origin.url,
        ESM_ORIGIN: `${esm.url}/esm`,
        REVALIDATION_SECRET: secret,
      },
      HOST_LISTENING,
    );
    const publishEnv = {
      HOST_APP_URL: host.url,
      HOST_REVALIDATION_SECRET: secret,
      CATALOG_ARTIFACTS_STORE: artifactsDir,
      ARTIFACTS_ORIGIN: origin.url,
      CATALOG_ESM_STORE: esmDir,
      ESM_ORIGIN: `${esm.url}/esm`,
    };
    return { host, secret, publishEnv, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Starts `command args` as a catalog-host on the example artifacts (served by a local origin),
 * checks its health, hands it to `use`, then closes the origin.
 */
async function withExampleHost(
  command: string,
  args: string[],
  env: Record<string, string>,
  use: (host: { url: string; stop(): Promise<number | null> }) => Promise<void>,
): Promise<void> {
  const origin = await startArtifactsOrigin({ root: join(repoRoot, 'examples/artifacts') });
  try {
    const host = await startProcess(
      command,
      args,
      {
        ...env,
        PORT: '0',
        // No load balancer in front: the test's stop need not wait for a drain.
        SHUTDOWN_DRAIN_MS: '0',
        CATALOG_SOURCE: join(repoRoot, 'examples/artifacts/catalog.json'),
        ARTIFACTS_ORIGIN: origin.url,
        ESM_ORIGIN: 'http://127.0.0.1:9/esm',
        REVALIDATION_SECRET: 'packaging',
      },
      HOST_LISTENING,
    );
    const health = await fetch(`${host.url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { ok: true }]);
    await use(host);
  } finally {
    await origin.close();
  }
}

/** Starts a process of the consumer project and resolves once `ready` matches its stdout (group 1: the URL). */
async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ url: string; stop(): Promise<number | null> }> {
  const child = spawn(command, args, {
    cwd: consumer,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx does not always pass a signal on to the bin it runs, so stop()
    // signals the whole group and no host outlives the test.
    detached: true,
  });
  children.push(child);
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)));
  });
  return {
    url,
    async stop() {
      process.kill(-child.pid!, 'SIGTERM');
      return exited;
    },
  };
}

/**
 * Runs `args` with a Node runtime's binary in `cwd` and `env` (nothing of this process's own), to
 * its exit; a process of its own group, so afterAll kills it if a test gives up on it.
 */
async function runOn(
  runtime: NodeRuntime,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // spawn, not execFile: execFile cannot start a process group of its own.
  const child = spawn(runtime.binary, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  // 'close', not 'exit': every byte of both pipes has been read by then.
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/** The JavaScript assets of a Vite build in `outDir`, joined (there is at least one). */
async function readBundle(outDir: string): Promise<string> {
  const scripts = (await readdir(join(outDir, 'assets'))).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  return (await Promise.all(scripts.map((file) => readFile(join(outDir, 'assets', file), 'utf8')))).join('\n');
}

/** Every string value (not key) of a manifest field that is a path (`./...`). */
function pathsIn(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('./') ? [value] : [];
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(pathsIn);
  return [];
}

/** The packages installed in a node_modules folder (scoped ones as `@scope/name`), sorted. */
async function listPackages(modules: string): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(modules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) for (const name of await readdir(join(modules, entry))) names.push(`${entry}/${name}`);
    else names.push(entry);
  }
  return names.sort();
}

/** Bytes of every file under `dir`. */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}
