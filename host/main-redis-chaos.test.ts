import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLUSTER_META_PATH, HostCluster } from '../testing/host/host-cluster.js';
import { type RedisServer, startRedisServer } from '../testing/host/redis-server.js';
import { startTcpProxy, type TcpProxy } from '../testing/host/tcp-proxy.js';

// Chaos in the suite: real redis-server, real host processes (host/dist/main.js),
// readers on every host all along. Each scenario reports its crashes, stale answers and recovery
// time, and requires 0 crashes and 0 stale answers: a read that started after a revalidation
// answered 200 never shows the version before it. (The pub/sub kill loop is in
// main-redis-faults.test.ts.)

/** Budget of each recovery: the reconnection back-off is at most 2 s, the machine is shared and loaded. */
const RECOVERY_MS = 30_000;

let cluster: HostCluster | undefined;
let redis: RedisServer | undefined;
let proxy: TcpProxy | undefined;
let dumpDir: string | undefined;
afterEach(async () => {
  await cluster?.close();
  cluster = undefined;
  await proxy?.close();
  proxy = undefined;
  await redis?.stop('SIGKILL');
  redis = undefined;
  if (dumpDir) await rm(dumpDir, { recursive: true, force: true });
  dumpDir = undefined;
});

/**
 * Runs `scenario` with readers on every host all along; then requires 0 stale answers, 0
 * crashes, and a clean exit (0) of every host on SIGTERM.
 */
async function underLoad(hosts: HostCluster, scenario: () => Promise<void>, readersPerHost = 2): Promise<void> {
  await hosts.readWhile(scenario, readersPerHost);
  expect(hosts.counts.stale).toBe(0);
  expect(hosts.crashes()).toBe(0);
  expect(await hosts.stop()).toEqual(hosts.urls.map(() => 0));
}

/** Waits until every host answers the entry 200 and holds its bus lease again; resolves to the time it took. */
async function recovered(hosts: HostCluster, since: number, owner?: string): Promise<number> {
  for (const url of hosts.urls) {
    await vi.waitFor(
      async () => {
        expect(hosts.crashes(), hosts.crashReport()).toBe(0);
        const answer = await hosts.read(url);
        expect(answer.status).toBe(200);
        if (owner !== undefined) expect(answer.body.owner).toBe(owner);
        expect((await hosts.health(url)).bus).toEqual({ listening: true, leaseHeld: true });
      },
      { timeout: RECOVERY_MS, interval: 50 },
    );
  }
  return Math.round(performance.now() - since);
}

function report(scenario: string, hosts: HostCluster, recoveryMs: number, extra = ''): void {
  const { reads, stale } = hosts.counts;
  console.info(
    `chaos ${scenario}: ${hosts.crashes()} crashes, ${stale} stale of ${reads} reads, recovered in ${recoveryMs} ms${extra}`,
  );
}

describe('catalog-host with REDIS_URL: chaos', () => {
  it('Redis killed under load: every read answered fresh from the origins, one fetch per key in flight per instance, revalidate 503; cached again after a restart', async () => {
    const server = await startRedisServer();
    redis = server;
    const hosts = await HostCluster.start([server.url, server.url]);
    cluster = hosts;
    const [a, b] = hosts.urls as [string, string];
    expect(await hosts.republishAndRevalidate(a)).toBe(200);
    // A slow origin, so that the readers' fetches would overlap if nothing bounded them.
    hosts.origin.fail(CLUSTER_META_PATH, { delayMs: 20 });
    let outage = { reads: 0, failed: 0, maxInFlight: 0, fetches: 0 };
    await underLoad(
      hosts,
      async () => {
        await server.stop('SIGKILL');
        for (const url of hosts.urls) {
          await vi.waitFor(
            async () =>
              expect(await hosts.readiness(url)).toEqual({
                status: 200,
                body: { ready: true, degraded: 'redis-unavailable' },
              }),
            { timeout: RECOVERY_MS, interval: 50 },
          );
        }
        hosts.origin.resetRequests();
        const before = { ...hosts.counts };
        // Published while Redis is away: no revalidation can answer 200, yet every read shows it,
        // since every read goes to the origin after it arrived.
        const owner = hosts.republish();
        for (const url of hosts.urls) {
          expect(await hosts.revalidate(url)).toBe(503);
          expect((await hosts.read(url)).body.owner).toBe(owner);
        }
        await vi.waitFor(() => expect(hosts.counts.reads - before.reads).toBeGreaterThanOrEqual(200), {
          timeout: RECOVERY_MS,
          interval: 50,
        });
        outage = {
          reads: hosts.counts.reads - before.reads,
          failed: hosts.counts.failed - before.failed,
          maxInFlight: hosts.origin.maxInFlight(CLUSTER_META_PATH),
          fetches: hosts.origin.requests(CLUSTER_META_PATH),
        };
        const restarted = performance.now();
        await server.restart();
        const recoveryMs = await recovered(hosts, restarted);
        const next = hosts.republish();
        expect(await hosts.revalidate(b)).toBe(200);
        for (const url of hosts.urls) expect((await hosts.read(url)).body.owner).toBe(next);
        report(
          'Redis killed and restarted',
          hosts,
          recoveryMs,
          `; while away: ${outage.reads} reads, ${outage.failed} failed, ${outage.fetches} fetches of meta.json, at most ${outage.maxInFlight} at once`,
        );
      },
      4,
    );
    expect(outage.failed).toBe(0);
    // One fetch per key in flight per instance: two instances, four readers each.
    expect(outage.maxInFlight).toBeGreaterThanOrEqual(1);
    expect(outage.maxInFlight).toBeLessThanOrEqual(2);
  }, 120_000);

  it('one instance partitioned from Redis while another revalidates: 200 within a lease, 0 stale, recovers after', async () => {
    const server = await startRedisServer();
    redis = server;
    const cut = await startTcpProxy(server.port);
    proxy = cut;
    const hosts = await HostCluster.start([server.url, `redis://127.0.0.1:${cut.port}`]);
    cluster = hosts;
    const [a, b] = hosts.urls as [string, string];
    for (const url of hosts.urls) expect((await hosts.read(url)).status).toBe(200);
    await underLoad(hosts, async () => {
      cut.partition();
      const owner = hosts.republish();
      const started = performance.now();
      expect(await hosts.revalidate(a)).toBe(200); // b cannot confirm: its lease (1 s) is waited out
      const revalidateMs = Math.round(performance.now() - started);
      expect(revalidateMs).toBeLessThan(1_050 + 5_000); // the lease and its margin, plus a loaded machine's delays
      // Cut off, b knows it: no lease, so nothing answered from memory (its reads go to the origins).
      expect((await hosts.health(b)).bus?.leaseHeld).toBe(false);
      expect((await hosts.read(a)).body.owner).toBe(owner);
      const healed = performance.now();
      cut.heal();
      const recoveryMs = await recovered(hosts, healed, owner);
      report('partition', hosts, recoveryMs, `, revalidate answered 200 in ${revalidateMs} ms`);
    });
  }, 120_000);

  it('a rollback to an older snapshot (SAVE, revalidate, kill -9, restart on the dump): 0 stale', async () => {
    dumpDir = await mkdtemp(join(tmpdir(), 'redis-chaos-rollback-'));
    const server = await startRedisServer(['--dir', dumpDir, '--dbfilename', 'dump.rdb']);
    redis = server;
    const hosts = await HostCluster.start([server.url, server.url]);
    cluster = hosts;
    const [a, b] = hosts.urls as [string, string];
    const before = hosts.republish();
    expect(await hosts.revalidate(a)).toBe(200);
    for (const url of hosts.urls) expect((await hosts.read(url)).body.owner).toBe(before);
    const admin = new Redis(server.url);
    try {
      expect(await admin.save()).toBe('OK'); // the snapshot holds `before` as valid
    } finally {
      admin.disconnect();
    }
    await underLoad(hosts, async () => {
      const after = hosts.republish();
      expect(await hosts.revalidate(b)).toBe(200);
      await server.stop('SIGKILL');
      const restarted = performance.now();
      await server.restart(); // from the dump: the invalidation is lost, `before` is back
      const recoveryMs = await recovered(hosts, restarted, after);
      report('rollback', hosts, recoveryMs);
    });
  }, 120_000);
});
