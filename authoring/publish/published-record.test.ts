import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLISH_STACK_SECRET, type PublishStack, startPublishStack } from '../../testing/publish/publish-stack.js';
import { AuthoringError } from '../authoring-error.js';
import { runCli } from '../cli/run-cli.js';
import { memoryIo } from '../testing/memory-io.js';
import { publishStackEnv } from '../testing/publish-stack-env.js';
import { copyExamplePackage, makeTempDir, removeTempDirs } from '../testing/temp-package.js';
import { jsonBytes } from './content-hash.js';
import { FolderStore } from './folder-store.js';
import { type PublishEvent, type PublishTargets, publishArtifacts } from './publish-artifacts.js';
import { type AttributesSnapshot, parseVersionIndex, recordPublishedVersion } from './published-record.js';

// The version records on a real publish stack (folder stores, origins and host on 127.0.0.1).

let stack: PublishStack;
const pkg = '@acme/ui-hero2';
const indexPath = () => join(stack.artifactsDir, pkg, 'versions.json');
const readIndex = async () => JSON.parse(await readFile(indexPath(), 'utf8'));

function targets(store = new FolderStore(stack.artifactsDir)): PublishTargets {
  return {
    artifacts: store,
    artifactsOrigin: stack.origin.url,
    esm: undefined,
    esmOrigin: '',
    catalogKey: undefined,
    host: { url: stack.hostUrl, secret: PUBLISH_STACK_SECRET },
  };
}

const snapshot: AttributesSnapshot = { format: 1, component: 'hero.hero2', attributes: { title: { type: 'string' } } };

beforeEach(async () => {
  stack = await startPublishStack();
});
afterEach(async () => {
  await stack.close();
  await removeTempDirs();
});

describe('recordPublishedVersion', () => {
  it('adds the version to versions.json, sorted, and the snapshot beside the artifacts; a repeat writes nothing', async () => {
    expect(await recordPublishedVersion(targets(), { package: pkg, version: '1.0.0' }, undefined)).toEqual([
      `${pkg}/versions.json`,
    ]);
    expect(await recordPublishedVersion(targets(), { package: pkg, version: '0.10.0' }, snapshot)).toEqual([
      `${pkg}@0.10.0/strapi-attributes.json`,
      `${pkg}/versions.json`,
    ]);
    expect(await readIndex()).toEqual({ format: 1, package: pkg, versions: ['0.10.0', '1.0.0'] });
    expect(
      JSON.parse(await readFile(join(stack.artifactsDir, `${pkg}@0.10.0/strapi-attributes.json`), 'utf8')),
    ).toEqual(snapshot);
    expect(await recordPublishedVersion(targets(), { package: pkg, version: '0.10.0' }, snapshot)).toEqual([]);
  });

  it('reads each record back through the origin: a store the origin does not serve is verify-failed', async () => {
    const elsewhere = new FolderStore(await makeTempDir());
    const error = await recordPublishedVersion(targets(elsewhere), { package: pkg, version: '1.0.0' }, undefined).catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AuthoringError);
    expect((error as AuthoringError).code).toBe('verify-failed');
    expect((error as Error).message).toMatch(
      /^verify @acme\/ui-hero2\/versions\.json: http:\/\/127\.0\.0\.1:\d+\/@acme\/ui-hero2\/versions\.json answered HTTP 404$/,
    );
  }, 10_000);

  it('refuses an index that is not one (store-failed), never overwriting it', async () => {
    const bad = [
      { format: 2, package: pkg, versions: [] },
      { format: 1, package: '@acme/other', versions: [] },
      { format: 1, package: pkg, versions: ['latest'] },
      { format: 1, package: pkg, versions: Array.from({ length: 10_001 }, (_, i) => `0.0.${i}`) },
      [],
      null,
    ];
    for (const raw of bad) expect(() => parseVersionIndex(raw, pkg, 'folder x')).toThrow(/is not a version index/);
    const store = new FolderStore(stack.artifactsDir);
    await store.put(`${pkg}/versions.json`, new TextEncoder().encode('{not json'), { contentType: 'application/json' });
    await expect(recordPublishedVersion(targets(store), { package: pkg, version: '1.0.0' }, undefined)).rejects.toThrow(
      /versions\.json on .* is not JSON/,
    );
    expect(await readFile(indexPath(), 'utf8')).toBe('{not json');
  });
});

describe('publishArtifacts records the version (the playground path)', () => {
  it('a republished artifact puts the missing versions.json and verifies it before revalidating', async () => {
    const root = await copyExamplePackage();
    const env = publishStackEnv(stack);
    for (const args of [['generate'], ['scaffold', '--category', 'hero'], ['publish', 'hero2']]) {
      const { io, stdout, stderr } = memoryIo(root);
      expect(await runCli(args, io, { env }), stdout() + stderr()).toBe(0);
    }
    expect(await readIndex()).toEqual({ format: 1, package: pkg, versions: ['0.1.0'] });
    // A version published before the records existed: no index.
    await rm(indexPath());
    const data = JSON.parse(await readFile(join(stack.artifactsDir, `${pkg}@0.1.0/data.json`), 'utf8'));
    const events: PublishEvent[] = [];
    const result = await publishArtifacts(
      targets(),
      { packageId: 'hero2', package: pkg, version: '0.1.0' },
      new Map([['data.json', jsonBytes({ ...data, subtitle: 'Republished' })]]),
      { attributes: snapshot },
      { dryRun: false, force: false, progress: (event) => events.push(event) },
    );
    expect(result.uploaded).toEqual([
      `${pkg}@0.1.0/data.json`,
      `${pkg}@0.1.0/strapi-attributes.json`,
      `${pkg}/versions.json`,
    ]);
    expect(await readIndex()).toEqual({ format: 1, package: pkg, versions: ['0.1.0'] });
    const texts = events.map((event) => event.text);
    const recorded = texts.indexOf(`record: put and verified ${pkg}/versions.json`);
    expect(recorded).toBeGreaterThan(texts.indexOf(`verify: data.json ok through ${stack.origin.url}`));
    expect(recorded).toBeLessThan(texts.findIndex((text) => text.startsWith('revalidate: data.json')));
    expect(result.revalidated).toEqual(['data.json']);
  }, 30_000);

  it('a dry run records nothing', async () => {
    const result = await publishArtifacts(
      targets(),
      { packageId: 'hero2', package: pkg, version: '0.1.0' },
      new Map([['data.json', jsonBytes({})]]),
      {},
      { dryRun: true, force: false, progress: () => undefined },
    );
    expect(result.uploaded).toEqual([]);
    await expect(readFile(indexPath())).rejects.toThrow(/ENOENT/);
  });
});
