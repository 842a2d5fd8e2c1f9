import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DEFAULT_EXTERNALS, moduleUrl, REMOTE_EXTERNALS_HEADER } from '@runtime-component-catalog/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type NginxServer, startNginx } from '../../testing/nginx/nginx-server.js';
import { PUBLISH_STACK_SECRET, type PublishStack, startPublishStack } from '../../testing/publish/publish-stack.js';
import { type S3rverServer, startS3rver } from '../../testing/s3/s3rver.js';
import { type AuthoringConfig, defaultAuthoringConfig } from '../config/authoring-config.js';
import { readVariantPackage } from '../model/variant-package.js';
import { copyExamplePackage, examplePackageDir, removeTempDirs } from '../testing/temp-package.js';
import { sri384 } from './content-hash.js';
import { FolderStore } from './folder-store.js';
import { moduleFiles, moduleHash } from './module-files.js';
import type { ObjectStore } from './object-store.js';
import type { PublishTargets } from './publish-artifacts.js';
import { emptyManifest, writeManifest } from './publish-manifest.js';
import { publishVariant, type VariantPublish } from './publish-variant.js';
import { S3Store } from './s3-store.js';

// A published module is served at its module URL by a plain bucket (S3, no
// rewrite rule) and by a folder behind nginx with the one rule of docs/snippets/nginx-esm-store.conf;
// the host compiles it from either. Real servers on 127.0.0.1 throughout: s3rver, nginx, the host.

const config: AuthoringConfig = {
  ...defaultAuthoringConfig,
  language: 'js',
  stagingRegistry: undefined,
  publish: undefined,
};
const coordinates = { package: '@acme/ui-hero1', version: '1.0.0' };
/** The stub's path (the module URL's, without the query) and the build's, in every store. */
const stubPath = '@acme/ui-hero1@1.0.0';
const buildPath = '@acme/ui-hero1@1.0.0/es2022/ui-hero1.mjs';
/** What build writes as the entry stub of hero1 (a server component: no directive). */
const stubText = [
  '/* esm.sh - @acme/ui-hero1@1.0.0 */',
  'export * from "./ui-hero1@1.0.0/es2022/ui-hero1.mjs";',
  'export { default } from "./ui-hero1@1.0.0/es2022/ui-hero1.mjs";',
  '',
].join('\n');
const javascript = 'text/javascript; charset=utf-8';
const snippet = fileURLToPath(new URL('../../docs/snippets/nginx-esm-store.conf', import.meta.url));
const publishDoc = fileURLToPath(new URL('../../docs/authoring-publish.md', import.meta.url));

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await removeTempDirs();
});

/** A copy of the example package with its variant package hero1 (its sources, none of its outputs). */
async function packageWithHero1(): Promise<string> {
  const root = await copyExamplePackage();
  await cp(join(examplePackageDir, 'packages/ui-hero1'), join(root, 'packages/ui-hero1'), {
    recursive: true,
    filter: (source) => !/[\\/](dist|node_modules)$/.test(source),
  });
  return root;
}

async function startStack(options: { artifactsOrigin?: string; esmOrigin: string }): Promise<PublishStack> {
  const stack = await startPublishStack(options);
  cleanups.push(() => stack.close());
  return stack;
}

function publish(root: string, targets: PublishTargets, dryRun = false): Promise<VariantPublish> {
  return publishVariant(root, config, 'hero1', targets, { dryRun, force: false, progress: () => {} });
}

/** What a URL answers, as the host reads it. */
async function served(
  url: string,
): Promise<{ status: number; type: string | null; cache: string | null; body: string }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    body: await response.text(),
  };
}

/** The module URL of hero1 under `esmOrigin`, with the catalog's externals (publish writes the catalog with the defaults). */
const moduleUrlAt = (esmOrigin: string) => moduleUrl(esmOrigin, coordinates, DEFAULT_EXTERNALS);

/** The host's catalog entry of hero1 names the module URL and SRI; the host compiles it from there. */
async function expectHostCompiles(stack: PublishStack, sri: string): Promise<void> {
  const entry = await stack.hostJson('/api/runtime-catalog/hero1');
  expect(entry.status).toBe(200);
  expect((entry.body as { module: unknown }).module).toEqual({
    path: './dist/index.mjs',
    url: moduleUrlAt(stack.esmOrigin),
    sri,
  });
  const compiled = await fetch(
    `${stack.hostUrl}/api/remote-component?url=${encodeURIComponent(moduleUrlAt(stack.esmOrigin))}&integrity=${encodeURIComponent(sri)}`,
  );
  expect(compiled.status, await compiled.clone().text()).toBe(200);
  expect(compiled.headers.get('content-type')).toBe(javascript);
  expect(compiled.headers.get(REMOTE_EXTERNALS_HEADER)).toBe('@acme/core,next/image,next/link,react/jsx-runtime');
}

describe('an S3 ESM store: the module URL is the stub object, no rewrite rule (s3rver)', () => {
  let s3: S3rverServer;
  const envNames = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'];
  const savedEnv = envNames.map((name) => [name, process.env[name]] as const);

  // The SDK's default credential chain reads these; s3rver accepts only this pair.
  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
    s3 = await startS3rver(['artifacts', 'esm']);
  });
  afterAll(async () => {
    for (const [name, value] of savedEnv) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await s3?.close();
  });

  /** Both stores on s3rver under a fresh prefix, the host reading them at their bucket URLs. */
  async function s3Targets(): Promise<{ stack: PublishStack; targets: PublishTargets; esm: S3Store; prefix: string }> {
    const prefix = randomUUID();
    const stack = await startStack({
      artifactsOrigin: `${s3.endpoint}/artifacts/${prefix}`,
      esmOrigin: `${s3.endpoint}/esm/${prefix}`,
    });
    const esm = new S3Store({ endpoint: s3.endpoint, bucket: 'esm', prefix });
    const targets: PublishTargets = {
      artifacts: new S3Store({ endpoint: s3.endpoint, bucket: 'artifacts', prefix }),
      artifactsOrigin: `${s3.endpoint}/artifacts/${prefix}`,
      esm,
      esmOrigin: stack.esmOrigin,
      catalogKey: 'catalog.json',
      host: { url: stack.hostUrl, secret: PUBLISH_STACK_SECRET },
    };
    return { stack, targets, esm, prefix };
  }

  /** Every key of the esm bucket under `prefix`, sorted. */
  async function esmKeys(prefix: string): Promise<string[]> {
    const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true });
    try {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: 'esm', Prefix: `${prefix}/` }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    } finally {
      client.destroy();
    }
  }

  it('puts the build, then the stub at the module URL path; both served as text/javascript, no-cache, the module URL with its query string', async () => {
    const root = await packageWithHero1();
    const { stack, targets, esm, prefix } = await s3Targets();
    const dry = await publish(root, targets, true);
    expect(await esmKeys(prefix)).toEqual([]);

    const result = await publish(root, targets);
    expect(result.uploaded.slice(0, 2)).toEqual([`esm:${buildPath}`, `esm:${stubPath}`]);
    expect(await esmKeys(prefix)).toEqual([`${prefix}/${stubPath}`, `${prefix}/${buildPath}`]);
    // The SRI is that of the stub, the bytes the module URL serves; the dry run foretold it.
    expect(result.sri).toBe(sri384(new TextEncoder().encode(stubText)));
    expect(dry.sri).toBe(result.sri);

    // s3rver answers GET <bucket>/<key>?target=…&external=… with the object: the query is not its business.
    const url = moduleUrlAt(stack.esmOrigin);
    expect(url).toBe(`${s3.endpoint}/esm/${prefix}/${stubPath}?target=es2022&external=${DEFAULT_EXTERNALS.join(',')}`);
    expect(await served(url)).toEqual({ status: 200, type: javascript, cache: 'no-cache', body: stubText });
    const build = new TextDecoder().decode(await esm.get(buildPath));
    expect(build).toContain('export {');
    expect(await served(`${stack.esmOrigin}/${buildPath}`)).toEqual({
      status: 200,
      type: javascript,
      cache: 'no-cache',
      body: build,
    });
    expect((await served(`${stack.esmOrigin}/${stubPath}.mjs`)).status).toBe(404);
  });

  it('the host compiles the module from the bucket URL, with the SRI publish recorded, fetching exactly the stub and the build', async () => {
    const root = await packageWithHero1();
    const { stack, targets, prefix } = await s3Targets();
    const result = await publish(root, targets);
    const before = s3.requests().length;
    await expectHostCompiles(stack, result.sri);
    const esmGets = s3
      .requests()
      .slice(before)
      .filter((line) => line.startsWith(`GET /esm/${prefix}/`));
    expect(esmGets).toEqual([
      `GET /esm/${prefix}/${stubPath}?target=es2022&external=${DEFAULT_EXTERNALS.join(',')}`,
      `GET /esm/${prefix}/${buildPath}`,
    ]);
  });

  it('a re-run is up to date: nothing put, nothing revalidated', async () => {
    const root = await packageWithHero1();
    const { stack, targets } = await s3Targets();
    await publish(root, targets);
    stack.revalidations.length = 0;
    const again = await publish(root, targets);
    expect(again).toMatchObject({ upToDate: true, uploaded: [], revalidated: [] });
    expect(stack.revalidations).toEqual([]);
  });

  it('a bucket published with the stub at <path>.mjs: the next publish puts both files at their keys and revalidates the package; the SRI stays', async () => {
    const root = await packageWithHero1();
    const { stack, targets, esm, prefix } = await s3Targets();
    const read = await readVariantPackage(root, config.packages, config.scope, 'hero1');
    if (!read.ok) throw new Error('hero1 is not readable');
    // What an earlier publish left: the module files at a folder's keys, recorded in the manifest.
    const folderKeys: ObjectStore = {
      description: esm.description,
      get: (key) => esm.get(key),
      put: (key, bytes, options) => esm.put(key, bytes, options),
    };
    const old = await moduleFiles(root, config, read.value, folderKeys);
    expect([...old.files.keys()]).toEqual([buildPath, `${stubPath}.mjs`]);
    for (const [key, bytes] of old.files) await esm.put(key, bytes, { contentType: javascript });
    await writeManifest(targets.artifacts, { ...emptyManifest(coordinates), module: moduleHash(old.files) });

    const result = await publish(root, targets);
    expect(result.uploaded.slice(0, 2)).toEqual([`esm:${buildPath}`, `esm:${stubPath}`]);
    expect(result.revalidated).toEqual(['package']);
    expect(result.sri).toBe(sri384(old.files.get(`${stubPath}.mjs`)!));
    // Nothing is deleted: the old stub stays, unused.
    expect(await esmKeys(prefix)).toEqual([
      `${prefix}/${stubPath}`,
      `${prefix}/${stubPath}.mjs`,
      `${prefix}/${buildPath}`,
    ]);
    await expectHostCompiles(stack, result.sri);
    expect(await publish(root, targets)).toMatchObject({ upToDate: true, uploaded: [] });
  });
});

describe('a folder ESM store behind nginx with docs/snippets/nginx-esm-store.conf', () => {
  /** nginx serving a fresh folder with `include`, stopped after the test. */
  async function nginxOver(include: string): Promise<{ nginx: NginxServer; folder: string }> {
    const folder = await mkdtemp(join(tmpdir(), 'esm-store-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const nginx = await startNginx({ root: folder, include });
    cleanups.push(() => nginx.close());
    return { nginx, folder };
  }

  function folderTargets(stack: PublishStack, folder: string): PublishTargets {
    return {
      artifacts: new FolderStore(stack.artifactsDir),
      artifactsOrigin: stack.origin.url,
      esm: new FolderStore(folder),
      esmOrigin: stack.esmOrigin,
      catalogKey: 'catalog.json',
      host: { url: stack.hostUrl, secret: PUBLISH_STACK_SECRET },
    };
  }

  it('docs/authoring-publish.md shows the config file verbatim', async () => {
    const doc = await readFile(publishDoc, 'utf8');
    const shown = /<!-- snippet: docs\/snippets\/nginx-esm-store\.conf -->\n```nginx\n([\s\S]*?)```\n/.exec(doc);
    expect(shown?.[1]).toBe(await readFile(snippet, 'utf8'));
  });

  it('publishes the stub as <path>.mjs; nginx serves it at the module URL with its query string, text/javascript, no-cache; the host compiles it', async () => {
    const root = await packageWithHero1();
    const { nginx, folder } = await nginxOver(snippet);
    const stack = await startStack({ esmOrigin: nginx.url });
    const result = await publish(root, folderTargets(stack, folder));
    expect(result.uploaded.slice(0, 2)).toEqual([`esm:${buildPath}`, `esm:${stubPath}.mjs`]);
    const files = await readdir(folder, { recursive: true, withFileTypes: true });
    expect(files.map((entry) => relative(folder, join(entry.parentPath, entry.name))).sort()).toEqual([
      '@acme',
      stubPath,
      `${stubPath}.mjs`,
      `${stubPath}/es2022`,
      buildPath,
    ]);
    expect(result.sri).toBe(sri384(new TextEncoder().encode(stubText)));

    const url = moduleUrlAt(nginx.url);
    expect(url).toBe(`${nginx.url}/${stubPath}?target=es2022&external=${DEFAULT_EXTERNALS.join(',')}`);
    expect(await served(url)).toEqual({ status: 200, type: javascript, cache: 'no-cache', body: stubText });
    expect(await served(`${nginx.url}/${buildPath}`)).toEqual({
      status: 200,
      type: javascript,
      cache: 'no-cache',
      body: await readFile(join(folder, buildPath), 'utf8'),
    });
    // Nothing else answers: a package folder is not a module.
    expect((await served(`${nginx.url}/${stubPath}/`)).status).toBe(404);

    await expectHostCompiles(stack, result.sri);
    // nginx's one worker logs a request before it turns to the next: once this one is answered,
    // every earlier line is in the log.
    expect((await served(`${nginx.url}/written`)).status).toBe(404);
    // nginx logged the host's reads (publish's verification read both before).
    const log = await readFile(join(nginx.directory, 'access.log'), 'utf8');
    const query = `target=es2022&external=${DEFAULT_EXTERNALS.join(',')}`;
    const reads = log.split('\n').filter((line) => line.includes('"GET /@acme/'));
    expect(reads.map((line) => /"GET (\S+) HTTP\/1\.1" (\d+)/.exec(line)?.slice(1).join(' '))).toEqual([
      // publish's verification: the build, then the stub at the module URL
      `/${buildPath} 200`,
      `/${stubPath}?${query} 200`,
      // this test's reads
      `/${stubPath}?${query} 200`,
      `/${buildPath} 200`,
      `/${stubPath}/ 404`,
      // the host's compile: the entry, then what it imports
      `/${stubPath}?${query} 200`,
      `/${buildPath} 200`,
    ]);
  });

  it('without the rule (nginx serving files as they are), publish stops at verify: verify-failed at the module URL, nothing revalidated', async () => {
    const root = await packageWithHero1();
    const plain = await mkdtemp(join(tmpdir(), 'nginx-plain-'));
    cleanups.push(() => rm(plain, { recursive: true, force: true }));
    await writeFile(join(plain, 'plain.conf'), 'location / {\n}\n');
    const { nginx, folder } = await nginxOver(join(plain, 'plain.conf'));
    const stack = await startStack({ esmOrigin: nginx.url });
    // The module URL's path is the package's folder, which a static server redirects to `<path>/`.
    await expect(publish(root, folderTargets(stack, folder))).rejects.toMatchObject({
      code: 'verify-failed',
      message: `verify module file ${stubPath}.mjs at the module URL: ${moduleUrlAt(nginx.url)} answered HTTP 301`,
    });
    expect(stack.revalidations).toEqual([]);
  });
});
