import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PublishStack, startPublishStack } from '../../../testing/publish/publish-stack.js';
import { memoryIo } from '../../testing/memory-io.js';
import { changeVariant, publishStackEnv, renameTitle } from '../../testing/publish-stack-env.js';
import { copyExamplePackage, removeTempDirs, snapshotTree } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

// The bump gate of changeset:version and release --staging (docs/authoring-versions.md "The
// publish gate") with a published source: a real publish stack (folder stores, an HTTP artifacts
// origin, a host on 127.0.0.1) where hero2 0.1.0 is published, then its title renamed to heading.
// The gate of release runs before any registry call: the staging registry here is an HTTP server
// that counts the requests it gets and answers none of them usefully.

let stack: PublishStack;
let registry: Server;
let registryUrl: string;
const registryRequests: string[] = [];
let root: string;
const variantDir = () => join(root, 'packages/ui-hero2');

type Env = Record<string, string | undefined>;

async function run(args: string[], env: Env) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(args, io, { env });
  return { code, out: stdout(), err: stderr() };
}

beforeAll(async () => {
  stack = await startPublishStack();
  registry = createServer((request, response) => {
    registryRequests.push(`${request.method} ${request.url}`);
    response.writeHead(500).end();
  });
  await new Promise<void>((done) => registry.listen(0, '127.0.0.1', done));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await stack.close();
  await new Promise((done) => registry.close(done));
});

beforeEach(async () => {
  root = await copyExamplePackage();
  for (const args of [['generate'], ['scaffold', '--category', 'hero']]) expect((await run(args, {})).code).toBe(0);
  // One stack for the file: the first publish writes 0.1.0, later ones find it up to date.
  const first = await run(['publish', 'hero2'], publishStackEnv(stack));
  expect(first.code, first.out + first.err).toBe(0);
  registryRequests.length = 0;
}, 30_000);
afterEach(removeTempDirs);

const stagingEnv = (source: Env): Env => ({
  ...source,
  CATALOG_STAGING_REGISTRY: registryUrl,
  CATALOG_STAGING_TOKEN: 'unused-token',
});
const version = async () => JSON.parse(await readFile(join(variantDir(), 'package.json'), 'utf8')).version;

const tooSmall = (command: string) =>
  [
    `catalog-schema ${command}: bump-too-small: @acme/ui-hero2 0.1.0 -> 0.2.0 is a minor bump; its changes need major:`,
    '  props title: renamed to heading (major)',
    '',
  ].join('\n');

describe('changeset:version: the bump gate', { timeout: 30_000 }, () => {
  it('refuses a minor change set over a breaking change, read through ARTIFACTS_ORIGIN: exit 1, nothing written', async () => {
    await changeVariant(variantDir(), undefined, renameTitle);
    const add = ['changeset:add', 'hero2', '--bump', 'minor', '--summary', 'Renames title.'];
    expect((await run(add, {})).code).toBe(0);
    const before = await snapshotTree(root);
    const result = await run(['changeset:version'], { ARTIFACTS_ORIGIN: stack.origin.url });
    expect({ code: result.code, out: result.out, err: result.err }).toEqual({
      code: 1,
      out: '',
      err: tooSmall('changeset:version'),
    });
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('applies a major change set over the same change, from the folder CATALOG_ARTIFACTS_STORE', async () => {
    await changeVariant(variantDir(), undefined, renameTitle);
    const add = ['changeset:add', 'hero2', '--bump', 'major', '--summary', 'Renames title.'];
    expect((await run(add, {})).code).toBe(0);
    const result = await run(['changeset:version'], { CATALOG_ARTIFACTS_STORE: stack.artifactsDir });
    expect(result.code, result.out + result.err).toBe(0);
    expect(result.out).toContain('@acme/ui-hero2 0.1.0 -> 1.0.0: 1 change needs major, major given\n');
    expect(await version()).toBe('1.0.0');
  });

  it('without a published source, applies the same minor change set (nothing to compare with)', async () => {
    await changeVariant(variantDir(), undefined, renameTitle);
    expect((await run(['changeset:add', 'hero2', '--bump', 'minor', '--summary', 'x'], {})).code).toBe(0);
    expect((await run(['changeset:version'], {})).code).toBe(0);
    expect(await version()).toBe('0.2.0');
  });
});

describe('release --staging: the bump gate', { timeout: 30_000 }, () => {
  it('refuses a minor version over a breaking change before any registry call, through ARTIFACTS_ORIGIN', async () => {
    await changeVariant(variantDir(), '0.2.0', renameTitle);
    const result = await run(['release', '--staging', 'hero2'], stagingEnv({ ARTIFACTS_ORIGIN: stack.origin.url }));
    expect({ code: result.code, out: result.out, err: result.err }).toEqual({
      code: 1,
      out: '',
      err: tooSmall('release'),
    });
    expect(registryRequests).toEqual([]);
  });

  it('refuses the same from the folder CATALOG_ARTIFACTS_STORE, for every variant when none is named', async () => {
    await changeVariant(variantDir(), '0.2.0', renameTitle);
    const result = await run(['release', '--staging'], stagingEnv({ CATALOG_ARTIFACTS_STORE: stack.artifactsDir }));
    expect(result.code).toBe(1);
    expect(result.err).toBe(tooSmall('release'));
    expect(registryRequests).toEqual([]);
  });

  it('passes the gate at a major and goes on to the registry (here, a build check first)', async () => {
    await changeVariant(variantDir(), '1.0.0', renameTitle);
    const result = await run(['release', '--staging', 'hero2'], stagingEnv({ ARTIFACTS_ORIGIN: stack.origin.url }));
    expect(result.code).toBe(1);
    expect(result.out).toBe('@acme/ui-hero2 0.1.0 -> 1.0.0: 1 change needs major, major given\n');
    expect(result.err).toBe(
      'catalog-schema release: release-not-built: release --staging, check build: @acme/ui-hero2@1.0.0 has no dist/ built for its version: run catalog-schema build hero2 first\n',
    );
  });
});
