import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StagingRegistry, startStagingRegistry } from '../../../testing/registry/staging-registry.js';
import { failingFileSystem } from '../../testing/failing-file-system.js';
import { memoryIo } from '../../testing/memory-io.js';
import {
  copyExamplePackage,
  examplePackageDir,
  makeTempDir,
  removeTempDirs,
  snapshotTree,
} from '../../testing/temp-package.js';
import { type RunCliOptions, runCli } from '../run-cli.js';

// Against a real npm registry (verdaccio on 127.0.0.1, testing/registry/) and the real npm install.
// Each test uses its own package names, so tags moved by one test never reach another.

let registry: StagingRegistry;

beforeAll(async () => {
  registry = await startStagingRegistry();
  await registry.publish('@acme/ui-pin', '1.0.0');
  await registry.publish('@acme/ui-moved', '1.0.0');
  await registry.publish('@acme/ui-moved', '2.0.0');
  await registry.publish('@acme/ui-known', '3.1.4');
  await registry.publish('@acme/ui-untagged', '0.9.0', 'beta');
  await registry.publish('@acme/ui-hero1', '1.4.0');
}, 120_000);

afterAll(async () => {
  await registry?.stop();
});

afterEach(removeTempDirs);

/** npm's cache in the registry's folder; no CATALOG_STAGING_REGISTRY of the machine leaks in. */
function testEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    ...process.env,
    CATALOG_STAGING_REGISTRY: undefined,
    npm_config_cache: registry.npmCache,
    npm_config_update_notifier: 'false',
    ...extra,
  };
}

async function run(root: string, args: string[], env = testEnv(), options: RunCliOptions = {}) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(args, io, { env, ...options });
  return { code, out: stdout(), err: stderr() };
}

/** A schema package root whose builder project (the default `builder/`) has this package.json. */
async function withBuilder(manifest: string | object): Promise<string> {
  const root = await makeTempDir();
  await mkdir(join(root, 'builder'));
  const text = typeof manifest === 'string' ? manifest : `${JSON.stringify(manifest, null, 2)}\n`;
  await writeFile(join(root, 'builder/package.json'), text);
  return root;
}

const sync = (...more: string[]) => ['sync:deps', '--staging', '--registry', registry.url, ...more];
const readText = (root: string, path: string) => readFile(join(root, path), 'utf8');
const installedVersion = async (root: string, name: string) =>
  JSON.parse(await readText(root, `builder/node_modules/${name}/package.json`)).version;

// npm install takes a second or two here; a loaded machine may take many times that.
describe('sync:deps --staging', { timeout: 120_000 }, () => {
  it('pins "staging" to the exact version of the tag, keeps the formatting, installs it; a new staging version is picked up', async () => {
    const root = await withBuilder(
      [
        '{',
        '    "name": "site",',
        '    "private": true,',
        '    "dependencies": {',
        '        "@acme/ui-pin": "staging"',
        '    },',
        '    "scripts": {',
        '        "dev": "next dev"',
        '    }',
        '}',
        '',
      ].join('\n'),
    );
    const first = await run(root, sync());
    expect(first.code, first.out + first.err).toBe(0);
    expect(first.out).toContain('@acme/ui-pin staging -> 1.0.0 (dependencies)\n');
    expect(first.out).toContain('sync:deps: 1 changed, 1 tracking staging; npm install ran\n');
    expect(await readText(root, 'builder/package.json')).toBe(
      [
        '{',
        '    "name": "site",',
        '    "private": true,',
        '    "dependencies": {',
        '        "@acme/ui-pin": "1.0.0"',
        '    },',
        '    "scripts": {',
        '        "dev": "next dev"',
        '    },',
        '    "catalogStaging": [',
        '        "@acme/ui-pin"',
        '    ]',
        '}',
        '',
      ].join('\n'),
    );
    expect(await installedVersion(root, '@acme/ui-pin')).toBe('1.0.0');

    // The value is a version now: catalogStaging is what keeps it tracking staging.
    await registry.publish('@acme/ui-pin', '1.1.0');
    const second = await run(root, sync());
    expect(second.code, second.out + second.err).toBe(0);
    expect(second.out).toContain('@acme/ui-pin 1.0.0 -> 1.1.0 (dependencies)\n');
    expect(JSON.parse(await readText(root, 'builder/package.json')).dependencies['@acme/ui-pin']).toBe('1.1.0');
    expect(await installedVersion(root, '@acme/ui-pin')).toBe('1.1.0');
    expect(
      JSON.parse(await readText(root, 'builder/package-lock.json')).packages['node_modules/@acme/ui-pin'],
    ).toMatchObject({
      version: '1.1.0',
    });

    const before = await readText(root, 'builder/package.json');
    const third = await run(root, sync());
    expect(third.code, third.out + third.err).toBe(0);
    expect(third.out).toContain('sync:deps: up to date, 1 tracking staging; npm install ran\n');
    expect(await readText(root, 'builder/package.json')).toBe(before);
  });

  it('asks the registry past every cache: a tag moved between two runs is seen at once', async () => {
    const root = await withBuilder({ name: 'site', dependencies: { '@acme/ui-moved': 'staging' } });
    // sync:deps's own requests (npm install asks too, as `npm/<version> …`).
    const asked = () =>
      registry.requests.filter(
        (request) =>
          request.method === 'GET' &&
          request.url === '/@acme%2fui-moved' &&
          !String(request.headers['user-agent']).startsWith('npm/'),
      );
    const json = async () => JSON.parse((await run(root, sync('--format', 'json'))).out);
    expect((await json()).dependencies).toEqual([
      { name: '@acme/ui-moved', section: 'dependencies', from: 'staging', to: '2.0.0' },
    ]);
    await registry.tag('@acme/ui-moved', '1.0.0');
    expect((await json()).dependencies).toEqual([
      { name: '@acme/ui-moved', section: 'dependencies', from: '2.0.0', to: '1.0.0' },
    ]);
    expect(asked()).toHaveLength(2);
    for (const request of asked()) {
      expect(request.headers['cache-control']).toBe('no-cache');
      expect(request.headers.accept).toContain('application/vnd.npm.install-v1+json');
    }
    expect(JSON.parse(await readText(root, 'builder/package.json')).dependencies['@acme/ui-moved']).toBe('1.0.0');
    expect(await installedVersion(root, '@acme/ui-moved')).toBe('1.0.0');
  });

  it('reports every unknown package and tag, naming each, and writes nothing', async () => {
    const text = [
      '{',
      '  "name": "site",',
      '  "dependencies": {',
      '    "@acme/ui-known": "staging",',
      '    "@acme/ui-nowhere": "staging"',
      '  },',
      '  "devDependencies": {',
      '    "@acme/ui-untagged": "staging"',
      '  }',
      '}',
      '',
    ].join('\n');
    const root = await withBuilder(text);
    const before = await snapshotTree(root);
    const result = await run(root, sync());
    expect(result).toEqual({
      code: 1,
      out: [
        `builder/package.json:5:5 staging-package-unknown @acme/ui-nowhere is not in the staging registry ${registry.url} (publish it first: spec 4.4 step 9)`,
        `builder/package.json:8:5 staging-tag-missing @acme/ui-untagged has no "staging" dist-tag in the staging registry ${registry.url} (its tags: beta, latest)`,
        'sync:deps failed, nothing written: 2 problems in 1 file',
        '',
      ].join('\n'),
      err: '',
    });
    expect(await snapshotTree(root)).toEqual(before);
    expect(await readText(root, 'builder/package.json')).toBe(text);
  });

  it('a builder project without package.json, or no builder folder, is a usage error (exit 2)', async () => {
    const root = await makeTempDir();
    const noFolder = await run(root, sync());
    expect(noFolder.code).toBe(2);
    expect(noFolder.err).toMatch(
      /^catalog-schema sync:deps: builder-missing: the builder project .*builder is not a folder/,
    );
    await mkdir(join(root, 'builder'));
    const noManifest = await run(root, sync('--format', 'json'));
    expect(noManifest.code).toBe(2);
    expect(JSON.parse(noManifest.out).error).toEqual({
      code: 'builder-missing',
      message: expect.stringContaining('has no package.json'),
    });
    expect(await snapshotTree(root)).toEqual(new Map([['builder', 'dir']]));
  });

  it('a malformed package.json is reported at its position; nothing is written', async () => {
    const root = await withBuilder(
      '{\n  "name": "site",\n  "dependencies": {\n    "@acme/ui-pin": "staging",\n  }\n}\n',
    );
    const before = await snapshotTree(root);
    const result = await run(root, sync());
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^builder\/package\.json:5:3 json-invalid /);
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('refuses a staging dependency outside the scope and a catalogStaging that is not a list of names', async () => {
    const root = await withBuilder({
      name: 'site',
      dependencies: { react: 'staging', '@acme/ui-pin': 'staging' },
      catalogStaging: ['@acme/ui-pin', 7],
    });
    const result = await run(root, sync());
    expect(result.code).toBe(1);
    expect(result.out.split('\n').map((line) => line.split(' ')[1])).toEqual([
      'staging-dependency-invalid',
      'staging-list-invalid',
      'failed,',
      undefined,
    ]);
    expect(result.out).toContain('"react" tracks staging but is not a package of @acme');
  });

  it('--dry-run asks the registry and prints the change; writes nothing, installs nothing', async () => {
    const root = await withBuilder({ name: 'site', dependencies: { '@acme/ui-known': 'staging' } });
    const before = await snapshotTree(root);
    const result = await run(root, sync('--dry-run'));
    expect(result).toEqual({
      code: 0,
      out: [
        '@acme/ui-known staging -> 3.1.4 (dependencies)',
        'sync:deps --dry-run: 1 would change, 1 tracking staging; nothing written to builder/package.json, npm install not run',
        '',
      ].join('\n'),
      err: '',
    });
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('a registry that is down is an error naming it; nothing is written', async () => {
    const down = await startStagingRegistry();
    await down.stop();
    const root = await withBuilder({ name: 'site', dependencies: { '@acme/ui-known': 'staging' } });
    const before = await snapshotTree(root);
    const result = await run(root, ['sync:deps', '--staging', '--registry', down.url]);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toBe(
      `catalog-schema sync:deps: registry-failed: GET ${down.url}@acme%2fui-known: the staging registry cannot be reached: ECONNREFUSED\n`,
    );
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('a write that fails leaves package.json as it was and installs nothing', async () => {
    const root = await withBuilder({ name: 'site', dependencies: { '@acme/ui-known': 'staging' } });
    const before = await snapshotTree(root);
    const fs = failingFileSystem({ operation: 'rename', nth: 1 });
    const result = await run(root, sync(), testEnv(), { fs });
    expect(fs.failed()).toBe(true);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^catalog-schema sync:deps: output-failed: could not write builder\/package\.json: EIO/);
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('puts package.json back when npm install fails', async () => {
    // ui-absent is pinned by hand and not in the registry: the sync itself is fine, the install is not.
    const text = `${JSON.stringify({ name: 'site', dependencies: { '@acme/ui-absent': '1.0.0', '@acme/ui-known': 'staging' } }, null, 2)}\n`;
    const root = await withBuilder(text);
    const result = await run(root, sync('--format', 'json'));
    expect(result.code).toBe(1);
    const { error } = JSON.parse(result.out);
    expect(error.code).toBe('install-failed');
    expect(error.message).toContain('@acme/ui-absent');
    expect(await readText(root, 'builder/package.json')).toBe(text);
  });

  it('needs --staging (usage, exit 2); --help describes the command', async () => {
    const root = await withBuilder({ name: 'site' });
    const plain = await run(root, ['sync:deps']);
    expect(plain).toEqual({
      code: 2,
      out: '',
      err: 'catalog-schema sync:deps: usage: sync:deps needs --staging: the staging registry\'s "staging" dist-tag is the only source it syncs from for now\n',
    });
    const json = await run(root, ['sync:deps', '--format', 'json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.out).error.code).toBe('usage');
    const help = await run(root, ['sync:deps', '--help']);
    expect(help.code).toBe(0);
    for (const option of ['--staging', '--registry <url>', '--builder <dir>', '--dry-run', '--format <format>'])
      expect(help.out).toContain(option);
  });

  it('takes the registry from --registry, else CATALOG_STAGING_REGISTRY, else the config file; none is a usage error', async () => {
    const root = await withBuilder({ name: 'site', dependencies: { '@acme/ui-known': 'staging' } });
    const dryRun = ['sync:deps', '--staging', '--dry-run'];
    const none = await run(root, dryRun);
    expect(none.code).toBe(2);
    expect(none.err).toContain('usage: no staging registry');
    const fromEnv = await run(root, dryRun, testEnv({ CATALOG_STAGING_REGISTRY: registry.url.slice(0, -1) }));
    expect(fromEnv.code, fromEnv.err).toBe(0);
    const badEnv = await run(root, dryRun, testEnv({ CATALOG_STAGING_REGISTRY: 'ftp://example.test' }));
    expect(badEnv.code).toBe(2);
    expect(badEnv.err).toContain('CATALOG_STAGING_REGISTRY "ftp://example.test" is not an http(s) URL');
    await writeFile(
      join(root, 'catalog-schema.config.json'),
      JSON.stringify({ stagingRegistry: 'http://127.0.0.1:9/' }),
    );
    // The config file's registry is down (port 9): the variable wins over it, the flag over both.
    expect((await run(root, dryRun)).err).toContain('GET http://127.0.0.1:9/@acme%2fui-known');
    expect((await run(root, dryRun, testEnv({ CATALOG_STAGING_REGISTRY: registry.url }))).code).toBe(0);
    const flagWins = await run(
      root,
      [...dryRun, '--registry', registry.url],
      testEnv({ CATALOG_STAGING_REGISTRY: 'http://127.0.0.1:9/' }),
    );
    expect(flagWins.code, flagWins.err).toBe(0);
    await writeFile(join(root, 'catalog-schema.config.json'), JSON.stringify({ stagingRegistry: 'not a url' }));
    const badConfig = await run(root, [...dryRun, '--registry', registry.url]);
    expect(badConfig.code).toBe(1);
    expect(badConfig.err).toContain(
      'config-invalid: catalog-schema.config.json:1:20 schema-violation "stagingRegistry"',
    );
  });

  it('syncs the example builder project (examples/schema-package/builder)', async () => {
    const root = await copyExamplePackage();
    await cp(join(examplePackageDir, 'builder/package.json'), join(root, 'builder/package.json'), { recursive: true });
    // The example's config names a local verdaccio on the default port; this one is on another.
    const result = await run(root, sync());
    expect(result.code, result.out + result.err).toBe(0);
    expect(result.out).toContain('@acme/ui-hero1 staging -> 1.4.0 (dependencies)');
    expect(JSON.parse(await readText(root, 'builder/package.json'))).toMatchObject({
      dependencies: { '@acme/ui-hero1': '1.4.0' },
      catalogStaging: ['@acme/ui-hero1'],
    });
    expect(await installedVersion(root, '@acme/ui-hero1')).toBe('1.4.0');
  });
});
