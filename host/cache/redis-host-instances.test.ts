import { ARTIFACT_NAMES } from '@runtime-component-catalog/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonOf } from '../../testing/host/host-fixture.js';
import { type RedisServer, startRedisServer } from '../../testing/host/redis-server.js';
import { type SharedCacheHosts, startSharedCacheHosts } from '../../testing/host/shared-cache-hosts.js';
import { artifactPath, samplePackage } from '../../testing/origins/sample-packages.js';

// docs/design.md: with REDIS_URL, several host instances share one cache, and no instance serves an
// invalidated artifact after POST /api/revalidate answered 200. Two createHostApp instances,
// each with its own RedisCacheStore, on one real redis-server and one real origin.

const pkg0 = samplePackage(0).pkg;
const metaPath = artifactPath(pkg0, 'meta.json');
const entryPath = '/api/runtime-catalog/pkg0';
const metaRoute = '/api/runtime-catalog/pkg0/meta.json';

let server: RedisServer;
let shared: SharedCacheHosts | undefined;
let prefixes = 0;

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server.stop();
});
afterEach(async () => {
  await shared?.close();
  shared = undefined;
});

async function twoHosts(): Promise<SharedCacheHosts> {
  prefixes += 1;
  shared = await startSharedCacheHosts({ redisUrl: server.url, prefix: `hosts-${prefixes}:` });
  return shared;
}

function metaWithOwner(owner: string) {
  return { ...samplePackage(0).artifacts['meta.json'], owner };
}

describe('two host instances on one Redis', () => {
  it('the second instance answers a warm entry with 0 origin requests after the first filled the cache', async () => {
    const { hosts, origin } = await twoHosts();
    const [a, b] = hosts;
    const fromA = await a!.app.request(entryPath);
    expect(fromA.status).toBe(200);
    expect(origin.requests()).toBe(6); // the catalog and five artifacts
    origin.resetRequests();
    const fromB = await b!.app.request(entryPath);
    expect(fromB.status).toBe(200);
    expect(await fromB.text()).toBe(await fromA.text());
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
    expect((await b!.app.request(metaRoute)).status).toBe(200);
    expect(origin.requests()).toBe(0);
  });

  it('GET /healthz says whether each instance hears the bus (and the memory store keeps its plain answer)', async () => {
    const { hosts } = await twoHosts();
    for (const host of hosts) {
      const response = await host.app.request('/healthz');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, bus: { listening: true, leaseHeld: true } });
    }
  });

  it('a revalidation on one makes the other serve the new artifact on its next request', async () => {
    const { hosts, origin } = await twoHosts();
    const [a, b] = hosts;
    expect((await b!.app.request(entryPath)).status).toBe(200);
    expect((await b!.app.request(metaRoute)).status).toBe(200);
    origin.put(metaPath, metaWithOwner('team-republished'));
    origin.resetRequests();

    const revalidated = await a!.revalidate({ packageId: 'pkg0', artifact: 'meta.json' });
    expect(revalidated.status).toBe(200);
    expect(await jsonOf(revalidated)).toEqual({
      revalidated: true,
      packageId: 'pkg0',
      artifact: 'meta.json',
      tag: 'runtime-artifact:pkg0:meta.json',
    });

    const entry = await b!.app.request(entryPath);
    expect(entry.status).toBe(200);
    expect((await jsonOf<{ owner: string }>(entry)).owner).toBe('team-republished');
    expect(await jsonOf<{ owner: string }>(await b!.app.request(metaRoute))).toEqual(metaWithOwner('team-republished'));
    // Only the invalidated artifact and the catalog (runtime-catalog tag) were fetched again.
    expect(origin.counts()).toEqual({ '/catalog.json': 1, [metaPath]: 1 });
    expect(await jsonOf<{ owner: string }>(await a!.app.request(metaRoute))).toEqual(metaWithOwner('team-republished'));
    expect(origin.requests()).toBe(2);
  });

  it('a fetch in flight on one instance when the other revalidates is neither joined nor stored', async () => {
    const { hosts, origin } = await twoHosts();
    const [a, b] = hosts;
    let release!: () => void;
    origin.fail(metaPath, { gate: new Promise<void>((resolve) => (release = resolve)) });
    const arrived = origin.nextRequest(metaPath);
    const first = b!.app.request(metaRoute); // B's load of meta.json waits at the origin
    await arrived;
    origin.fail(metaPath, undefined); // later fetches are answered at once
    origin.put(metaPath, metaWithOwner('v2'));

    expect((await a!.revalidate({ packageId: 'pkg0', artifact: 'meta.json' })).status).toBe(200);
    // Revalidate answered 200: B does not join its old load, it fetches again.
    expect(await jsonOf(await b!.app.request(metaRoute))).toEqual(metaWithOwner('v2'));
    expect(origin.requests(metaPath)).toBe(2);

    origin.put(metaPath, metaWithOwner('v3'));
    release(); // the overtaken fetch now reads v3: it answers its own request only
    const overtaken = await first;
    expect(overtaken.status).toBe(200);
    expect(await jsonOf(overtaken)).toEqual(metaWithOwner('v3'));
    expect(await jsonOf(await b!.app.request(metaRoute))).toEqual(metaWithOwner('v2'));
    expect(await jsonOf(await a!.app.request(metaRoute))).toEqual(metaWithOwner('v2'));
    expect(origin.requests(metaPath)).toBe(2);
  });

  it('shares every version of a package under its own key, and a package revalidation drops them all', async () => {
    const { hosts, origin } = await twoHosts();
    const [a, b] = hosts;
    const older = samplePackage(0, '0.9.0');
    for (const name of ARTIFACT_NAMES) origin.put(artifactPath(older.pkg, name), older.artifacts[name]);
    const paths = [entryPath, `${entryPath}?version=0.9.0`];
    const bodies = [];
    for (const path of paths) bodies.push(await (await a!.app.request(path)).text());
    expect(await a!.store.get(JSON.stringify(['runtime-entry', 'pkg0', '0.9.0']))).toBeDefined();
    origin.resetRequests();
    // B reads both from Redis: the same bytes, no origin request.
    for (const [index, path] of paths.entries()) expect(await (await b!.app.request(path)).text()).toBe(bodies[index]);
    expect(origin.requests()).toBe(0);

    expect((await b!.revalidate({ packageId: 'pkg0' })).status).toBe(200);
    for (const path of paths) expect((await a!.app.request(path)).status).toBe(200);
    // The catalog, and five artifacts of each version.
    expect(origin.requests()).toBe(11);
    expect(origin.requests(artifactPath(older.pkg, 'descriptor.json'))).toBe(1);
  });

  it("shares a version's artifact, and a package revalidation on one instance drops it on both", async () => {
    const { hosts, origin } = await twoHosts();
    const [a, b] = hosts;
    const older = samplePackage(0, '0.9.0');
    for (const name of ARTIFACT_NAMES) origin.put(artifactPath(older.pkg, name), older.artifacts[name]);
    const olderMeta = artifactPath(older.pkg, 'meta.json');
    const route = `${metaRoute}?version=0.9.0`;
    expect(await jsonOf(await a!.app.request(route))).toEqual(older.artifacts['meta.json']);
    origin.resetRequests();
    expect(await jsonOf(await b!.app.request(route))).toEqual(older.artifacts['meta.json']);
    expect(origin.requests()).toBe(0);

    origin.put(olderMeta, { ...older.artifacts['meta.json'], owner: 'republished' });
    expect((await b!.revalidate({ packageId: 'pkg0' })).status).toBe(200);
    expect(await jsonOf(await a!.app.request(route))).toEqual({
      ...older.artifacts['meta.json'],
      owner: 'republished',
    });
    expect(await jsonOf(await b!.app.request(route))).toEqual({
      ...older.artifacts['meta.json'],
      owner: 'republished',
    });
    expect(origin.requests(olderMeta)).toBe(1);
  });
});

describe('a host instance whose Redis goes away', () => {
  it('answers every read from the origins (uncached), says degraded, logs the burst once, refuses to revalidate, and recovers', async () => {
    const own = await startRedisServer();
    const lines: string[] = [];
    // The message of either call shape, `(message)` or `(fields, message)`.
    const record = (fieldsOrMessage: unknown, message?: string) =>
      lines.push(typeof fieldsOrMessage === 'string' ? fieldsOrMessage : (message ?? ''));
    const logger = { info: record, warn: record, error: record };
    const hosts = await startSharedCacheHosts({ redisUrl: own.url, prefix: 'outage:', count: 1, logger });
    try {
      const [host] = hosts.hosts;
      const warm = await host!.app.request(entryPath);
      expect(warm.status).toBe(200);
      const entry: unknown = await warm.json();
      expect(await (await host!.app.request('/readyz')).json()).toEqual({ ready: true });
      await own.stop();
      await vi.waitFor(() => expect(host!.store.unavailableReason()).toBeDefined(), { timeout: 10_000 });
      expect(await (await host!.app.request('/readyz')).json()).toEqual({ ready: true, degraded: 'redis-unavailable' });
      // Every read is answered from the origins, and nothing is kept: each one fetches again.
      hosts.origin.resetRequests();
      for (let round = 1; round <= 2; round += 1) {
        const response = await host!.app.request(entryPath);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(entry);
        expect(hosts.origin.requests()).toBe(6 * round); // the catalog and the five artifacts
      }
      for (const path of [metaRoute, '/api/runtime-catalog']) expect((await host!.app.request(path)).status).toBe(200);
      const revalidated = await host!.revalidate({ packageId: 'pkg0' });
      expect(revalidated.status).toBe(503);
      expect(await revalidated.json()).toEqual({ error: 'Cache store unavailable', code: 'cache-unavailable' });
      expect(lines.filter((line) => line.startsWith('Redis'))).toEqual([
        expect.stringMatching(new RegExp(`^Redis cache unavailable at redis://127\\.0\\.0\\.1:${own.port}: `)),
      ]);

      await own.restart();
      await host!.store.ready();
      hosts.origin.resetRequests();
      expect((await host!.app.request(entryPath)).status).toBe(200);
      expect(hosts.origin.requests()).toBe(6); // the restarted Redis is empty
      expect(lines.filter((line) => line.startsWith('Redis'))).toEqual([
        expect.stringMatching(/^Redis cache unavailable at /),
        `Redis cache available again at redis://127.0.0.1:${own.port}`,
      ]);
    } finally {
      await hosts.close();
      await own.stop();
    }
  });
});
