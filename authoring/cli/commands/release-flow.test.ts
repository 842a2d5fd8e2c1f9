import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StagingRegistry, startStagingRegistry } from '../../../testing/registry/staging-registry.js';
import { memoryIo } from '../../testing/memory-io.js';
import { copyExamplePackage, makeTempDir, removeTempDirs, snapshotTree } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

// Releases (spec 9.5) against two real npm registries, verdaccio 6.8 on 127.0.0.1 (testing/registry/),
// started fresh for each test, with the real npm publishing. The schema package is a copy of the
// example with two scaffolded and built variants, hero2 and hero3 (0.1.0 each).

let template: string;
let staging: StagingRegistry;
let production: StagingRegistry;

type Env = Record<string, string | undefined>;

async function run(root: string, args: string[], env: Env) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(args, io, { env });
  return { code, out: stdout(), err: stderr() };
}

beforeAll(async () => {
  const example = await copyExamplePackage();
  for (const args of [
    ['generate'],
    ['scaffold', '--category', 'hero'],
    ['scaffold', '--category', 'hero'],
    ['build'],
  ]) {
    const result = await run(example, args, process.env);
    expect(result.code, result.out + result.err).toBe(0);
  }
  template = await mkdtemp(join(tmpdir(), 'release-template-'));
  await cp(example, template, { recursive: true });
}, 60_000);

afterAll(async () => {
  if (template) await rm(template, { recursive: true, force: true });
});

beforeEach(async () => {
  [staging, production] = await Promise.all([startStagingRegistry(), startStagingRegistry()]);
}, 30_000);

afterEach(async () => {
  await Promise.all([staging?.stop(), production?.stop()]);
  await removeTempDirs();
});

/** A fresh copy of the built template. */
async function schemaPackage(): Promise<string> {
  const root = await makeTempDir();
  await cp(template, root, { recursive: true });
  return root;
}

/** Both registries and their tokens from the environment, npm's cache in a test folder; nothing of the machine's leaks in. */
function testEnv(extra: Env = {}): Env {
  return {
    ...process.env,
    CATALOG_STAGING_REGISTRY: staging.url,
    CATALOG_STAGING_TOKEN: staging.token,
    CATALOG_PRODUCTION_REGISTRY: production.url,
    CATALOG_PRODUCTION_TOKEN: production.token,
    npm_config_cache: staging.npmCache,
    ...extra,
  };
}

const json = (result: { out: string }) => JSON.parse(result.out);

async function tarballBytes(registry: StagingRegistry, name: string, version: string): Promise<Buffer> {
  const packument = await registry.packument(name);
  const response = await fetch(packument!.versions[version]!.dist.tarball);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const sha512 = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

describe('releases: change set → version → release --staging → promote', { timeout: 60_000 }, () => {
  it('publishes to staging, promotes the same bytes to production, and a re-run publishes nothing', async () => {
    const root = await schemaPackage();
    const env = testEnv();

    // The first release: both variants at 0.1.0. A first publish also sets "latest" (why production is another registry).
    const first = await run(root, ['release', '--staging', '--format', 'json'], env);
    expect(first.code, first.out + first.err).toBe(0);
    expect(json(first).packages.map((entry: { status: string }) => entry.status)).toEqual(['published', 'published']);
    expect((await staging.packument('@acme/ui-hero2'))?.['dist-tags']).toEqual({ latest: '0.1.0', staging: '0.1.0' });

    // A change set for hero2 only, applied.
    const add = await run(root, ['changeset:add', 'hero2', '--bump', 'minor', '--summary', 'Adds a subtitle.'], env);
    expect(add.code, add.err).toBe(0);
    expect((await run(root, ['changeset:version'], env)).code).toBe(0);
    expect(JSON.parse(await readFile(join(root, 'packages/ui-hero2/package.json'), 'utf8')).version).toBe('0.2.0');
    expect(await readFile(join(root, 'packages/ui-hero2/CHANGELOG.md'), 'utf8')).toBe(
      '# @acme/ui-hero2\n\n## 0.2.0\n\n### Minor Changes\n\n- Adds a subtitle.\n',
    );

    // dist/ was built for 0.1.0: refused until it is rebuilt; nothing is published meanwhile.
    const writes = staging.writes().length;
    const stale = await run(root, ['release', '--staging'], env);
    expect(stale.code).toBe(1);
    expect(stale.err).toBe(
      'catalog-schema release: release-not-built: release --staging, check build: @acme/ui-hero2@0.2.0 has no dist/ built for its version: run catalog-schema build hero2 first\n',
    );
    expect(staging.writes()).toHaveLength(writes);
    expect((await run(root, ['build', 'hero2'], env)).code).toBe(0);

    const second = await run(root, ['release', '--staging'], env);
    expect(second.code, second.out + second.err).toBe(0);
    expect(second.out).toContain('@acme/ui-hero3@0.1.0: already on the staging registry, skipped\n');
    expect(second.out).toContain(
      '@acme/ui-hero2@0.2.0: published to the staging registry with dist-tag staging, integrity verified\n',
    );
    expect(second.out).toContain(
      `release --staging: 1 published with dist-tag staging, 1 already there; ${staging.url}\n`,
    );
    expect((await staging.packument('@acme/ui-hero2'))?.['dist-tags']).toEqual({ latest: '0.1.0', staging: '0.2.0' });

    const promote = await run(root, ['promote', '@acme/ui-hero2@0.2.0', '--format', 'json'], env);
    expect(promote.code, promote.out + promote.err).toBe(0);
    const onStaging = (await staging.packument('@acme/ui-hero2'))!.versions['0.2.0']!.dist;
    expect(json(promote).packages).toEqual([
      { name: '@acme/ui-hero2', version: '0.2.0', status: 'promoted', integrity: onStaging.integrity },
    ]);
    const onProduction = await production.packument('@acme/ui-hero2');
    expect(onProduction?.['dist-tags']).toEqual({ latest: '0.2.0' });
    expect(Object.keys(onProduction!.versions)).toEqual(['0.2.0']);
    expect(onProduction!.versions['0.2.0']!.dist.integrity).toBe(onStaging.integrity);
    // The very bytes, not a rebuild.
    const promoted = await tarballBytes(production, '@acme/ui-hero2', '0.2.0');
    expect(promoted.equals(await tarballBytes(staging, '@acme/ui-hero2', '0.2.0'))).toBe(true);
    expect(sha512(promoted)).toBe(onStaging.integrity);

    // Re-runs publish nothing new, to either registry.
    const [stagingWrites, productionWrites] = [staging.writes().length, production.writes().length];
    const releaseAgain = await run(root, ['release', '--staging'], env);
    expect(releaseAgain.code).toBe(0);
    expect(releaseAgain.out).toContain(
      `release --staging: up to date, nothing to publish (2 already on the staging registry); ${staging.url}\n`,
    );
    const promoteAgain = await run(root, ['promote', '@acme/ui-hero2@0.2.0'], env);
    expect(promoteAgain).toEqual({
      code: 0,
      out: [
        '@acme/ui-hero2@0.2.0: already on the production registry with the same integrity, skipped',
        `promote: up to date, nothing to promote (1 already on the production registry); ${production.url}`,
        '',
      ].join('\n'),
      err: '',
    });
    expect(staging.writes()).toHaveLength(stagingWrites);
    expect(production.writes()).toHaveLength(productionWrites);
  });
});

describe('promote', { timeout: 60_000 }, () => {
  it('refuses a version that is not on staging (exit 1) and writes nothing to production', async () => {
    const root = await schemaPackage();
    const env = testEnv();
    expect((await run(root, ['release', '--staging', 'hero2'], env)).code).toBe(0);
    const writes = production.writes().length;
    const result = await run(
      root,
      ['promote', '@acme/ui-hero2@0.1.0', '@acme/ui-hero3@0.1.0', '@acme/ui-hero2@0.3.0'],
      env,
    );
    expect(result).toEqual({
      code: 1,
      out: '',
      err: `catalog-schema promote: promote-not-on-staging: promote, read staging: @acme/ui-hero3@0.1.0, @acme/ui-hero2@0.3.0 are not on the staging registry ${staging.url} (release --staging first); nothing promoted\n`,
    });
    expect(production.writes()).toHaveLength(writes);
    expect(await production.packument('@acme/ui-hero2')).toBeUndefined();
  });

  it('refuses a version production has with other bytes (integrity-mismatch), publishing nothing', async () => {
    const root = await schemaPackage();
    const env = testEnv();
    expect((await run(root, ['release', '--staging', 'hero2'], env)).code).toBe(0);
    await production.publish('@acme/ui-hero2', '0.1.0', 'latest');
    const writes = production.writes().length;
    const result = await run(root, ['promote', '@acme/ui-hero2@0.1.0', '--format', 'json'], env);
    expect(result.code).toBe(1);
    const { error } = json(result);
    expect(error.code).toBe('integrity-mismatch');
    expect(error.message).toMatch(
      /^promote, read production: @acme\/ui-hero2@0\.1\.0 is on the production registry with sha512-/,
    );
    expect(production.writes()).toHaveLength(writes);
  });

  it('takes <package>@<version> of a variant package only (usage, exit 2)', async () => {
    const root = await schemaPackage();
    for (const spec of [
      '@acme/ui-hero2',
      '@acme/ui-hero2@latest',
      'react@19.0.0',
      '@other/ui-hero2@1.0.0',
      'hero2@1.0.0',
    ]) {
      const result = await run(root, ['promote', spec, '--format', 'json'], testEnv());
      expect(result.code, spec).toBe(2);
      expect(json(result).error.code).toBe('usage');
    }
  });
});

describe('faults and dry runs', { timeout: 60_000 }, () => {
  it('a registry that is down is an error naming the step; nothing is published', async () => {
    const root = await schemaPackage();
    await staging.stop();
    const release = await run(root, ['release', '--staging'], testEnv());
    expect(release.code).toBe(1);
    expect(release.err).toMatch(
      new RegExp(
        `^catalog-schema release: registry-failed: release --staging, check staging: GET ${staging.url}@acme%2fui-hero2: the staging registry cannot be reached: ECONNREFUSED\n$`,
      ),
    );
    // Production down while promoting a version that staging has.
    [staging] = await Promise.all([startStagingRegistry(), production.stop()]);
    expect((await run(root, ['release', '--staging', 'hero2'], testEnv())).code).toBe(0);
    const promote = await run(root, ['promote', '@acme/ui-hero2@0.1.0', '--format', 'json'], testEnv());
    expect(promote.code).toBe(1);
    expect(json(promote).error).toEqual({
      code: 'registry-failed',
      message: `promote, read production: GET ${production.url}@acme%2fui-hero2: the production registry cannot be reached: ECONNREFUSED`,
    });
  });

  it('--dry-run asks, packs and downloads, and publishes nothing, needing no token', async () => {
    const root = await schemaPackage();
    const before = await snapshotTree(root);
    const noTokens = testEnv({ CATALOG_STAGING_TOKEN: undefined, CATALOG_PRODUCTION_TOKEN: undefined });
    const writes = staging.writes().length;
    const release = await run(root, ['release', '--staging', '--dry-run', '--format', 'json'], noTokens);
    expect(release.code, release.out).toBe(0);
    expect(json(release)).toMatchObject({
      summary: `release --staging --dry-run: 2 would be published with dist-tag staging, 0 already there; ${staging.url}`,
      packages: [
        {
          name: '@acme/ui-hero2',
          version: '0.1.0',
          status: 'would-publish',
          integrity: expect.stringMatching(/^sha512-/),
        },
        {
          name: '@acme/ui-hero3',
          version: '0.1.0',
          status: 'would-publish',
          integrity: expect.stringMatching(/^sha512-/),
        },
      ],
    });
    expect(staging.writes()).toHaveLength(writes);
    expect(await staging.packument('@acme/ui-hero2')).toBeUndefined();

    expect((await run(root, ['release', '--staging', 'hero2'], testEnv())).code).toBe(0);
    const productionWrites = production.writes().length;
    const promote = await run(root, ['promote', '@acme/ui-hero2@0.1.0', '--dry-run'], noTokens);
    expect(promote.code, promote.err).toBe(0);
    expect(promote.out).toMatch(
      /^@acme\/ui-hero2@0\.1\.0: downloaded from the staging registry, integrity checked \(sha512-/,
    );
    expect(promote.out).toContain(
      `promote --dry-run: 1 would be promoted with dist-tag latest, 0 already there; ${production.url}\n`,
    );
    expect(production.writes()).toHaveLength(productionWrites);
    expect(await production.packument('@acme/ui-hero2')).toBeUndefined();
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('takes each registry from flag, variable or config file; a missing registry or token is exit 2 naming the variable; a wrong token fails at the publish step and is never printed', async () => {
    const root = await schemaPackage();
    const cases: [string[], Env, RegExp][] = [
      [['release', '--staging'], { CATALOG_STAGING_TOKEN: undefined }, /needs CATALOG_STAGING_TOKEN/],
      // The example's config names a staging registry, but no production registry.
      [
        ['promote', '@acme/ui-hero2@0.1.0'],
        { CATALOG_PRODUCTION_REGISTRY: undefined },
        /no production registry: .*CATALOG_PRODUCTION_REGISTRY.*"productionRegistry"/,
      ],
      [['promote', '@acme/ui-hero2@0.1.0'], { CATALOG_PRODUCTION_TOKEN: undefined }, /needs CATALOG_PRODUCTION_TOKEN/],
      [
        ['promote', '@acme/ui-hero2@0.1.0'],
        { CATALOG_PRODUCTION_REGISTRY: 'ftp://x' },
        /CATALOG_PRODUCTION_REGISTRY "ftp:\/\/x"/,
      ],
    ];
    for (const [args, extra, message] of cases) {
      const result = await run(root, [...args, '--format', 'json'], testEnv(extra));
      expect(result.code, args.join(' ')).toBe(2);
      expect(json(result).error).toEqual({ code: 'release-config-missing', message: expect.stringMatching(message) });
    }
    // The config file's productionRegistry, when no variable or flag names one; checked when read.
    const config = join(root, 'catalog-schema.config.json');
    const example = JSON.parse(await readFile(config, 'utf8'));
    await writeFile(config, JSON.stringify({ ...example, productionRegistry: production.url }));
    expect((await run(root, ['release', '--staging', 'hero2'], testEnv())).code).toBe(0);
    const fromConfig = await run(
      root,
      ['promote', '@acme/ui-hero2@0.1.0', '--dry-run', '--format', 'json'],
      testEnv({ CATALOG_PRODUCTION_REGISTRY: undefined }),
    );
    expect(fromConfig.code, fromConfig.out).toBe(0);
    expect(json(fromConfig).production).toBe(production.url);
    await writeFile(config, JSON.stringify({ ...example, productionRegistry: 'not a url' }));
    const badConfig = await run(root, ['promote', '@acme/ui-hero2@0.1.0', '--format', 'json'], testEnv());
    expect(badConfig.code).toBe(1);
    expect(json(badConfig).error.code).toBe('config-invalid');
    await writeFile(config, JSON.stringify(example));

    const secret = 'not-a-token-of-this-registry';
    const wrong = await run(root, ['release', '--staging', 'hero3'], testEnv({ CATALOG_STAGING_TOKEN: secret }));
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(
      new RegExp(
        `^catalog-schema release: npm-publish-failed: release --staging, publish @acme/ui-hero3@0\\.1\\.0: npm publish to the staging registry ${staging.url} failed`,
      ),
    );
    expect(wrong.err).toContain('npm error code E401');
    expect(wrong.out + wrong.err).not.toContain(secret);
    expect(await staging.packument('@acme/ui-hero3')).toBeUndefined();
  });

  it('release needs --staging (usage, exit 2); --help describes both commands', async () => {
    const root = await schemaPackage();
    expect(await run(root, ['release'], testEnv())).toEqual({
      code: 2,
      out: '',
      err: 'catalog-schema release: usage: release needs --staging: releases go to the staging registry, and production gets them through promote\n',
    });
    const help = await run(root, ['release', '--help'], testEnv());
    for (const option of ['--staging', '--registry <url>', '--dry-run', '[variant...]'])
      expect(help.out).toContain(option);
    const promoteHelp = await run(root, ['promote', '--help'], testEnv());
    for (const option of [
      '<package@version...>',
      '--staging-registry <url>',
      '--production-registry <url>',
      '--dry-run',
    ])
      expect(promoteHelp.out).toContain(option);
  });
});
