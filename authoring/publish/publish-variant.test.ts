import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLISH_STACK_SECRET, type PublishStack, startPublishStack } from '../../testing/publish/publish-stack.js';
import { AuthoringError } from '../authoring-error.js';
import { runCli } from '../cli/run-cli.js';
import { type AuthoringConfig, defaultAuthoringConfig } from '../config/authoring-config.js';
import { memoryIo } from '../testing/memory-io.js';
import { copyExamplePackage, removeTempDirs, snapshotTree } from '../testing/temp-package.js';
import { sha256Hex, sri384 } from './content-hash.js';
import { FolderStore } from './folder-store.js';
import type { ObjectStore } from './object-store.js';
import type { PublishTargets } from './publish-artifacts.js';
import { publishVariant, type VariantPublish } from './publish-variant.js';

const config: AuthoringConfig = {
  ...defaultAuthoringConfig,
  language: 'js',
  stagingRegistry: undefined,
  publish: undefined,
};
const coordinates = '@acme/ui-hero2@0.1.0';

let stack: PublishStack;
let root: string;
let lines: string[];

/** A copy of the example package with the variant hero2 scaffolded (a server component). */
async function scaffoldedPackage(): Promise<string> {
  const dir = await copyExamplePackage();
  for (const args of [['generate'], ['scaffold', '--category', 'hero']]) {
    const { io, stdout } = memoryIo(dir);
    expect(await runCli(args, io), stdout()).toBe(0);
  }
  return dir;
}

/** Counts puts, and can refuse them or store other bytes than it was given. */
class WatchedStore implements ObjectStore {
  readonly puts: string[] = [];
  refuse = false;
  corrupt = false;
  constructor(private readonly inner: ObjectStore) {}
  get description() {
    return this.inner.description;
  }
  get(key: string) {
    return this.inner.get(key);
  }
  async put(key: string, bytes: Uint8Array, options: { contentType: string }) {
    if (this.refuse) throw new AuthoringError('store-failed', `PUT ${key}: the store refused the write`);
    this.puts.push(key);
    const stored = this.corrupt ? new TextEncoder().encode('{"other": true}\n') : bytes;
    await this.inner.put(key, stored, options);
  }
}

let artifacts: WatchedStore;

function targets(overrides: Partial<PublishTargets> = {}): PublishTargets {
  return {
    artifacts,
    artifactsOrigin: stack.origin.url,
    esm: new FolderStore(stack.esmDir),
    esmOrigin: stack.esmOrigin,
    catalogKey: 'catalog.json',
    host: { url: stack.hostUrl, secret: PUBLISH_STACK_SECRET },
    ...overrides,
  };
}

function publish(overrides: Partial<PublishTargets> = {}, options: { dryRun?: boolean; force?: boolean } = {}) {
  lines = [];
  return publishVariant(root, config, 'hero2', targets(overrides), {
    dryRun: options.dryRun ?? false,
    force: options.force ?? false,
    progress: (event) => lines.push(event.text),
  });
}

async function editData(change: Record<string, unknown>): Promise<void> {
  const path = join(root, 'packages/ui-hero2/data.json');
  const data = JSON.parse(await readFile(path, 'utf8'));
  await writeFile(path, `${JSON.stringify({ ...data, ...change }, null, 2)}\n`);
  const metaPath = join(root, 'packages/ui-hero2/meta.json');
  const meta = JSON.parse(await readFile(metaPath, 'utf8'));
  await writeFile(metaPath, `${JSON.stringify({ ...meta, props: { ...meta.props, ...change } }, null, 2)}\n`);
}

/** The manifest the store holds for hero2. */
async function manifest(): Promise<{ pending: string[]; artifacts: Record<string, string> }> {
  return JSON.parse(await readFile(join(stack.artifactsDir, coordinates, 'publish-manifest.json'), 'utf8'));
}

beforeEach(async () => {
  stack = await startPublishStack();
  root = await scaffoldedPackage();
  artifacts = new WatchedStore(new FolderStore(stack.artifactsDir));
});

afterEach(async () => {
  await stack.close();
  await removeTempDirs();
});

describe('publishVariant on the embedded default (folder stores, real origins, a real host)', () => {
  it('publishes a new variant: module, five artifacts and the catalog, verified, then one package revalidation', async () => {
    const result = await publish();
    expect(result.upToDate).toBe(false);
    expect(result.revalidated).toEqual(['package']);
    expect(stack.revalidations).toEqual([{ body: { packageId: 'hero2' }, status: 200 }]);
    expect(artifacts.puts.sort()).toEqual(
      [
        `${coordinates}/data.json`,
        `${coordinates}/descriptor.json`,
        `${coordinates}/meta.json`,
        `${coordinates}/puck.json`,
        `${coordinates}/schema.json`,
        `${coordinates}/publish-manifest.json`,
        'catalog.json',
        `${coordinates}/publish-manifest.json`,
        `@acme/ui-hero2/versions.json`,
      ].sort(),
    );
    // The SRI is that of the bytes the ESM origin serves at the module URL (the stub).
    const stub = await readFile(join(stack.esmDir, '@acme/ui-hero2@0.1.0.mjs'));
    expect(result.sri).toBe(sri384(stub));
    const entry = await stack.hostJson('/api/runtime-catalog/hero2');
    expect(entry.status).toBe(200);
    const body = entry.body as { data: unknown; module: { sri: string; url: string }; version: string };
    expect(body.version).toBe('0.1.0');
    expect(body.module.sri).toBe(result.sri);
    expect(body.module.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/esm\/@acme\/ui-hero2@0\.1\.0\?target=es2022&external=react,/,
    );
    const data = await stack.hostJson('/api/runtime-catalog/hero2/data.json');
    expect(data).toEqual({
      status: 200,
      body: JSON.parse(await readFile(join(root, 'packages/ui-hero2/data.json'), 'utf8')),
    });
    // The module compiles through the host with that integrity.
    const compiled = await fetch(
      `${stack.hostUrl}/api/remote-component?url=${encodeURIComponent(body.module.url)}&integrity=${encodeURIComponent(body.module.sri)}`,
    );
    expect(compiled.status).toBe(200);
    expect(await manifest()).toMatchObject({ pending: [] });
    expect(lines).toContain('revalidate: package hero2 → 200 (runtime-package:hero2)');
  });

  it('is up to date on a re-run: nothing uploaded, nothing revalidated', async () => {
    await publish();
    artifacts.puts.length = 0;
    stack.revalidations.length = 0;
    const again = await publish();
    expect(again.upToDate).toBe(true);
    expect(artifacts.puts).toEqual([]);
    expect(stack.revalidations).toEqual([]);
    expect(lines.at(-1)).toBe('up to date: nothing uploaded, nothing revalidated');
  });

  it('uploads exactly the changed artifact and revalidates exactly it; the host serves the new default', async () => {
    await publish();
    artifacts.puts.length = 0;
    stack.revalidations.length = 0;
    await editData({ subtitle: 'Now with a subtitle' });
    const result = await publish();
    expect(artifacts.puts).toEqual([
      `${coordinates}/data.json`,
      `${coordinates}/meta.json`,
      `${coordinates}/publish-manifest.json`,
      `${coordinates}/publish-manifest.json`,
    ]);
    expect(result.revalidated).toEqual(['data.json', 'meta.json']);
    expect(stack.revalidations.map((call) => call.body)).toEqual([
      { packageId: 'hero2', artifact: 'data.json' },
      { packageId: 'hero2', artifact: 'meta.json' },
    ]);
    const data = await stack.hostJson('/api/runtime-catalog/hero2/data.json');
    expect((data.body as { subtitle: string }).subtitle).toBe('Now with a subtitle');
  });

  it('prints every action with --dry-run and writes nothing, calls nothing', async () => {
    const before = await snapshotTree(stack.artifactsDir);
    const esmBefore = await snapshotTree(stack.esmDir);
    const result = await publish({}, { dryRun: true });
    expect(result.upToDate).toBe(false);
    expect(await snapshotTree(stack.artifactsDir)).toEqual(before);
    expect(await snapshotTree(stack.esmDir)).toEqual(esmBefore);
    expect(stack.revalidations).toEqual([]);
    expect(lines).toContain(`upload: would put ${coordinates}/data.json on ${artifacts.description}`);
    expect(lines).toContain(`revalidate: would call ${stack.hostUrl}/api/revalidate for package hero2`);
  });
});

describe('publishVariant: failures never revalidate what is not verified, and a re-run resumes', () => {
  it('a wrong secret (401): the error has the host text; the re-run uploads nothing and revalidates what is due', async () => {
    await expect(publish({ host: { url: stack.hostUrl, secret: 'wrong' } })).rejects.toMatchObject({
      code: 'revalidate-failed',
      message: expect.stringMatching(
        /^revalidate package hero2: HTTP 401: .*Unauthorized.*; HOST_REVALIDATION_SECRET is not the host's REVALIDATION_SECRET \(or the host has none\): set it, then run publish again once the host answers: nothing verified is uploaded again, and only what is due is revalidated$/,
      ),
    });
    expect(await manifest()).toMatchObject({ pending: ['package'] });
    artifacts.puts.length = 0;
    const again = await publish();
    expect(artifacts.puts).toEqual([`${coordinates}/publish-manifest.json`]);
    expect(again.revalidated).toEqual(['package']);
    expect(stack.revalidations.map((call) => call.status)).toEqual([401, 200]);
  });

  it('a 5xx from the host fails with its text; the re-run revalidates only what the host did not confirm', async () => {
    await publish();
    await editData({ subtitle: 'Second' });
    stack.failRevalidate({ status: 503, body: 'upstream maintenance' });
    await expect(publish()).rejects.toMatchObject({
      code: 'revalidate-failed',
      message:
        'revalidate data.json of hero2: HTTP 503: upstream maintenance; run publish again once the host answers: nothing verified is uploaded again, and only what is due is revalidated',
    });
    stack.failRevalidate(undefined);
    artifacts.puts.length = 0;
    stack.revalidations.length = 0;
    const again = await publish();
    expect(artifacts.puts).toEqual([`${coordinates}/publish-manifest.json`]);
    expect(again.revalidated).toEqual(['data.json', 'meta.json']);
  });

  it('an unreachable host fails naming it; nothing is lost for the re-run', async () => {
    await expect(publish({ host: { url: 'http://127.0.0.1:9', secret: PUBLISH_STACK_SECRET } })).rejects.toMatchObject({
      code: 'revalidate-failed',
      message: expect.stringContaining(
        'revalidate package hero2: host unreachable: cannot reach http://127.0.0.1:9/api/revalidate',
      ),
    });
    await expect(publish({ host: { url: 'http://127.0.0.1:9', secret: PUBLISH_STACK_SECRET } })).rejects.toMatchObject({
      message: expect.stringMatching(/; check HOST_APP_URL, then run publish again once the host answers: /),
    });
    const again = await publish();
    expect(again.revalidated).toEqual(['package']);
  });

  it('a store that refuses a write: store-failed, no revalidate call', async () => {
    artifacts.refuse = true;
    await expect(publish()).rejects.toMatchObject({ code: 'store-failed' });
    expect(stack.revalidations).toEqual([]);
  });

  it('a store that serves other bytes than it accepted: verify-failed, no revalidate call, nothing recorded as verified', async () => {
    artifacts.corrupt = true;
    await expect(publish()).rejects.toMatchObject({
      code: 'verify-failed',
      message: expect.stringContaining('served other bytes'),
    });
    expect(stack.revalidations).toEqual([]);
    artifacts.corrupt = false;
    // The re-run uploads every artifact again (none was verified), then revalidates.
    artifacts.puts.length = 0;
    const again = await publish();
    expect(
      artifacts.puts.filter((key) => key.startsWith(`${coordinates}/`) && !key.endsWith('manifest.json')),
    ).toHaveLength(5);
    expect(again.revalidated).toEqual(['package']);
  });

  it('a module URL that cannot be read: module-unreadable, nothing uploaded, nothing revalidated', async () => {
    await expect(publish({ esm: undefined })).rejects.toMatchObject({
      code: 'module-unreadable',
      message: expect.stringContaining('answered HTTP 404'),
    });
    expect(artifacts.puts).toEqual([]);
    expect(stack.revalidations).toEqual([]);
  });

  it('keeps the hashes of the artifacts it verified', async () => {
    await publish();
    const recorded = await manifest();
    const data = await readFile(join(stack.artifactsDir, coordinates, 'data.json'));
    expect(recorded.artifacts['data.json']).toBe(sha256Hex(data));
  });
});

export type { VariantPublish };
