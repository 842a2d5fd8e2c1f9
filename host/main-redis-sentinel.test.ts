import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLUSTER_META_PATH, HostCluster } from '../testing/host/host-cluster.js';
import {
  type RedisSentinelGroup,
  SENTINEL_MASTER,
  startRedisSentinelGroup,
} from '../testing/host/redis-sentinel-group.js';

// A failover under load (docs/cache-outages.md "Failover"): real host processes (host/dist/main.js) with
// REDIS_SENTINELS, Debian's redis-server (a primary, a replica) and three redis-sentinel, readers on
// every host all along. A read that started after a revalidation answered 200 never shows the
// version before it (HostCluster counts stale answers), and no read fails.

/** Budget of a failover: the Sentinels' down-after (1 s) and election, on a shared, loaded machine. */
const FAILOVER_MS = 45_000;

let group: RedisSentinelGroup | undefined;
let cluster: HostCluster | undefined;
afterEach(async () => {
  await cluster?.close();
  cluster = undefined;
  await group?.close();
  group = undefined;
});

async function startHosts(sentinels: RedisSentinelGroup): Promise<HostCluster> {
  const hosts = await HostCluster.start(['', ''], {
    REDIS_SENTINELS: sentinels.sentinels,
    REDIS_SENTINEL_MASTER: SENTINEL_MASTER,
  });
  for (const url of hosts.urls) expect((await hosts.read(url)).status).toBe(200);
  return hosts;
}

/** Runs `scenario` with readers on every host; then 0 failed reads, 0 stale, 0 crashes, exit 0 on SIGTERM. */
async function underLoad(hosts: HostCluster, scenario: () => Promise<void>): Promise<void> {
  await hosts.readWhile(scenario);
  expect(hosts.counts.stale).toBe(0);
  expect(hosts.counts.failed).toBe(0);
  expect(hosts.crashes()).toBe(0);
  expect(await hosts.stop()).toEqual(hosts.urls.map(() => 0));
}

/** Resolves once every host serves from the shared cache again: ready, not degraded, bus lease held, no origin fetch. */
async function servingFromCache(hosts: HostCluster): Promise<void> {
  for (const [index, url] of hosts.urls.entries()) {
    await vi
      .waitFor(
        async () => {
          expect(await hosts.readiness(url)).toEqual({ status: 200, body: { ready: true } });
          expect((await hosts.health(url)).bus).toEqual({ listening: true, leaseHeld: true });
        },
        { timeout: FAILOVER_MS, interval: 50 },
      )
      .catch(async (error: unknown) => {
        // What the host said of Redis, to tell a slow failover from one the host never followed.
        const said = JSON.stringify({ health: await hosts.health(url), ...hosts.hosts[index]?.output() });
        throw new Error(`host ${index} did not come back: ${String(error)}\n${said}`);
      });
  }
  await vi.waitFor(
    async () => {
      hosts.origin.resetRequests();
      for (const url of hosts.urls) expect((await hosts.read(url)).status).toBe(200);
      expect(hosts.origin.requests()).toBe(0);
    },
    { timeout: FAILOVER_MS, interval: 50 },
  );
}

describe('catalog-host with REDIS_SENTINELS', () => {
  it('the primary killed under load right after a revalidation answered 200: the hosts follow the new primary, 0 failed, 0 stale', async () => {
    group = await startRedisSentinelGroup();
    const sentinels = group;
    const hosts = await startHosts(sentinels);
    cluster = hosts;
    const [a, b] = hosts.urls as [string, string];
    await underLoad(hosts, async () => {
      const owner = hosts.republish();
      expect(await hosts.revalidate(a)).toBe(200);
      const killed = performance.now();
      await sentinels.primary.stop('SIGKILL');
      await sentinels.masterBecomes(sentinels.replica.port, FAILOVER_MS);
      const promotedMs = Math.round(performance.now() - killed);
      await servingFromCache(hosts);
      const cachedMs = Math.round(performance.now() - killed);
      for (const url of hosts.urls) expect((await hosts.read(url)).body.owner).toBe(owner);
      // The new primary takes revalidations, and every host hears them.
      const next = hosts.republish();
      expect(await hosts.revalidate(b)).toBe(200);
      for (const url of hosts.urls) expect((await hosts.read(url)).body.owner).toBe(next);
      const { reads, failed, stale } = hosts.counts;
      console.info(
        `sentinel failover: replica promoted ${promotedMs} ms after the kill, first cached answer on every host at ${cachedMs} ms; ${reads} reads, ${failed} failed, ${stale} stale`,
      );
    });
  }, 120_000);

  it('a revalidation that the replica has not acknowledged is refused (503), so a failover to that replica shows nothing stale', async () => {
    group = await startRedisSentinelGroup();
    const sentinels = group;
    const hosts = await startHosts(sentinels);
    cluster = hosts;
    const [a] = hosts.urls as [string];
    await underLoad(hosts, async () => {
      // Replication held back: the primary deletes the entries, the replica still holds them.
      sentinels.replication.partition();
      const owner = hosts.republish();
      expect(await hosts.revalidate(a)).toBe(503);
      await sentinels.primary.stop('SIGKILL');
      sentinels.replication.heal();
      await sentinels.masterBecomes(sentinels.replica.port, FAILOVER_MS);
      // The publisher retries the revalidation it was refused; once answered 200, every host shows it.
      await vi.waitFor(async () => expect(await hosts.revalidate(a)).toBe(200), {
        timeout: FAILOVER_MS,
        interval: 100,
      });
      for (const url of hosts.urls) expect((await hosts.read(url)).body.owner).toBe(owner);
      expect(hosts.origin.requests(CLUSTER_META_PATH)).toBeGreaterThan(0);
    });
  }, 120_000);
});
