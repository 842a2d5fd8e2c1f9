import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HostProcess, startHostProcess } from '../testing/host/host-process.js';
import { type RedisServer, startRedisServer } from '../testing/host/redis-server.js';
import { type ArtifactsOrigin, startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { artifactPath, sampleCatalog, samplePackage } from '../testing/origins/sample-packages.js';

// docs/cache.md "Failure behaviour": a host never crashes on a Redis fault. Two real host
// processes (host/dist/main.js) on one real redis-server: their pub/sub connections are killed
// over and over (`CLIENT KILL TYPE pubsub`, what a network flap or a proxy does), then Redis
// restarts. Before our own re-subscription, ioredis's auto-resubscribe rejected unhandled
// (MaxRetriesPerRequestError, Command timed out) and the process exited with code 1.

const SECRET = 'faults-secret';
const PREFIX = 'runtime-catalog:'; // the host process's default prefix
const entryPath = '/api/runtime-catalog/pkg0';
const metaPath = artifactPath(samplePackage(0).pkg, 'meta.json');
/** Budget of each recovery: the reconnection back-off is at most 2 s, the machine is shared and loaded. */
const RECOVERY_MS = 30_000;

const children: ChildProcess[] = [];
let origin: ArtifactsOrigin | undefined;
let redis: RedisServer | undefined;
let admin: Redis | undefined;
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  hosts = [];
  admin?.disconnect();
  admin = undefined;
  await origin?.close();
  origin = undefined;
  await redis?.stop();
  redis = undefined;
});

interface Answer {
  readonly status: number;
  readonly body: { owner?: string; code?: string };
}

let hosts: HostProcess[] = [];

/** Every host process still runs (a crash is the defect under test: report it, with its output). */
function expectAlive(): void {
  for (const host of hosts) {
    expect(host.process.exitCode, `host exited:\n${host.output().stderr}`).toBeNull();
  }
}

/** `fetch`, where a refused or cut connection first checks whether the host died. */
async function request(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    await Promise.race(hosts.map((host) => host.exited)); // a crash shows up as the exit
    expectAlive();
    throw error;
  }
}

async function get(url: string): Promise<Answer> {
  const response = await request(`${url}${entryPath}`);
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

async function revalidate(url: string): Promise<number> {
  const response = await request(`${url}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-revalidation-secret': SECRET },
    body: JSON.stringify({ packageId: 'pkg0', artifact: 'meta.json' }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Resolves once `count` subscribers listen on the invalidation channel again. */
async function waitForSubscribers(count: number): Promise<void> {
  await vi.waitFor(
    async () => {
      expectAlive();
      const [, subscribers] = (await admin!.pubsub('NUMSUB', `${PREFIX}invalidations`)) as [string, number];
      expect(subscribers).toBe(count);
    },
    { timeout: RECOVERY_MS, interval: 50 },
  );
}

describe('catalog-host with REDIS_URL, under Redis faults', () => {
  it('survives repeated CLIENT KILL TYPE pubsub and a Redis restart: 503 while Redis is away, 200 after, never stale after a 200 revalidation', async () => {
    redis = await startRedisServer();
    const { catalog, objects } = sampleCatalog(3);
    origin = await startArtifactsOrigin({ objects: { ...objects, '/catalog.json': catalog } });
    admin = new Redis(redis.url, { maxRetriesPerRequest: 0, retryStrategy: () => 50 });
    admin.on('error', () => {}); // the restart below drops it too; it reconnects by itself
    const env = {
      PORT: '0',
      CATALOG_SOURCE: `${origin.url}/catalog.json`,
      ARTIFACTS_ORIGIN: origin.url,
      ESM_ORIGIN: `${origin.url}/esm`,
      REVALIDATION_SECRET: SECRET,
      REDIS_URL: redis.url,
      REMOTE_COMPILER: 'off', // no esbuild-wasm process beside each host on this shared machine
    };
    hosts = [0, 1].map(() => startHostProcess(env, (child) => children.push(child)));
    const urls = await Promise.all(hosts.map((host) => host.listening));
    await waitForSubscribers(2);
    for (const url of urls) expect((await get(url)).status).toBe(200);

    // Publishes version `n` of meta.json and revalidates on one host; when that answered 200,
    // every host must answer the new owner at once. Counts stale answers instead of throwing,
    // so that a crash (the defect) is what the test reports first.
    let version = 0;
    let stale = 0;
    let confirmed = 0;
    const republishAndCheck = async (via: string): Promise<number> => {
      version += 1;
      const owner = `team-v${version}`;
      origin!.put(metaPath, { ...samplePackage(0).artifacts['meta.json'], owner });
      const status = await revalidate(via);
      if (status !== 200) return status;
      confirmed += 1;
      for (const url of urls) {
        const answer = await get(url);
        if (answer.status === 200 && answer.body.owner !== owner) stale += 1;
      }
      return status;
    };

    // 1. The pub/sub kill loop: round trips back to back, so that kills land while a connection
    //    is re-subscribing, until 40 subscriber connections were killed. Revalidations run
    //    meanwhile (a 503 is allowed: an instance cut off before it confirmed fails it closed).
    const killer = admin;
    let killed = 0;
    let killing = true;
    const kills = (async () => {
      try {
        while (killed < 40 && hosts.every((host) => host.process.exitCode === null)) {
          killed += (await killer.call('CLIENT', 'KILL', 'TYPE', 'pubsub')) as number;
        }
      } finally {
        killing = false;
      }
    })();
    try {
      while (killing) await republishAndCheck(urls[version % 2]!);
    } finally {
      killing = false;
      await kills;
    }
    expectAlive();
    expect(killed).toBeGreaterThanOrEqual(40);
    await waitForSubscribers(2);
    await vi.waitFor(async () => expect(await republishAndCheck(urls[0]!)).toBe(200), {
      timeout: RECOVERY_MS,
      interval: 50,
    });

    // 2. Redis goes away: every request is answered 503 cache-unavailable, nobody exits.
    await redis.stop();
    for (const url of urls) {
      const answer = await get(url);
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('cache-unavailable');
      expect(await revalidate(url)).toBe(503);
    }
    expectAlive();

    // 3. Redis is back (empty: no persistence): both hosts serve 200 again by themselves, listen
    //    on the bus again, and a 200 revalidation holds on both.
    await redis.restart();
    for (const url of urls) {
      await vi.waitFor(
        async () => {
          expectAlive();
          expect((await get(url)).status).toBe(200);
        },
        { timeout: RECOVERY_MS, interval: 50 },
      );
    }
    await waitForSubscribers(2);
    await vi.waitFor(async () => expect(await republishAndCheck(urls[1]!)).toBe(200), {
      timeout: RECOVERY_MS,
      interval: 50,
    });

    expect(stale).toBe(0);
    expect(confirmed).toBeGreaterThanOrEqual(2);
    for (const host of hosts) {
      host.process.kill('SIGTERM');
      expect(await host.exited).toBe(0);
      // The outage is logged (one line per burst), never an unhandled error or a stack trace.
      expect(host.output().stderr).not.toMatch(/Unhandled|MaxRetriesPerRequestError|^\s+at /m);
    }
  }, 180_000);
});
