import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EntryAnswer, HostCluster } from '../testing/host/host-cluster.js';
import { type RedisServer, startRedisServer } from '../testing/host/redis-server.js';

// docs/cache.md "Failure behaviour": a host never crashes on a Redis fault. Two real host
// processes (host/dist/main.js) on one real redis-server: their pub/sub connections are killed
// over and over (`CLIENT KILL TYPE pubsub`, what a network flap or a proxy does), then Redis
// restarts. Before our own re-subscription, ioredis's auto-resubscribe rejected unhandled
// (MaxRetriesPerRequestError, Command timed out) and the process exited with code 1.

const PREFIX = 'runtime-catalog:'; // the host process's default prefix
/** Budget of each recovery: the reconnection back-off is at most 2 s, the machine is shared and loaded. */
const RECOVERY_MS = 30_000;

let cluster: HostCluster | undefined;
let redis: RedisServer | undefined;
let admin: Redis | undefined;
afterEach(async () => {
  await cluster?.close();
  cluster = undefined;
  admin?.disconnect();
  admin = undefined;
  await redis?.stop();
  redis = undefined;
});

/** Every host process still runs (a crash is the defect under test: report it, with its output). */
function expectAlive(hosts: HostCluster): void {
  expect(hosts.crashes(), `host exited:\n${hosts.crashReport()}`).toBe(0);
}

/**
 * While Redis is away, every read is 200: the copy Redis vouched for last (only under the bus
 * lease), or the origin's newest, read after the request arrived (docs/cache-outages.md "Degraded reads").
 */
function expectVouchedOrOrigin(answer: EntryAnswer, vouched: string, published: string): string {
  expect(answer.status).toBe(200);
  expect([vouched, published]).toContain(answer.body.owner);
  return answer.body.owner as string;
}

/** Resolves once `count` subscribers listen on the invalidation channel again. */
async function waitForSubscribers(hosts: HostCluster, count: number): Promise<void> {
  await vi.waitFor(
    async () => {
      expectAlive(hosts);
      const [, subscribers] = (await admin!.pubsub('NUMSUB', `${PREFIX}invalidations`)) as [string, number];
      expect(subscribers).toBe(count);
    },
    { timeout: RECOVERY_MS, interval: 50 },
  );
}

describe('catalog-host with REDIS_URL, under Redis faults', () => {
  it('survives repeated CLIENT KILL TYPE pubsub and a Redis restart: the vouched copy under the lease or the origin while Redis is away, 200 throughout, never stale', async () => {
    redis = await startRedisServer();
    const hosts = await HostCluster.start([redis.url, redis.url]);
    cluster = hosts;
    const urls = hosts.urls;
    admin = new Redis(redis.url, { maxRetriesPerRequest: 0, retryStrategy: () => 50 });
    admin.on('error', () => {}); // the restart below drops it too; it reconnects by itself
    await waitForSubscribers(hosts, 2);
    for (const url of urls) expect((await hosts.read(url)).status).toBe(200);

    // Publishes the next version of meta.json and revalidates on one host; when that answered
    // 200, every host must answer the new owner at once (HostCluster counts stale answers
    // instead of throwing, so that a crash, the defect, is what the test reports first).
    let round = 0;
    const republishAndCheck = async (via: string): Promise<number> => {
      round += 1;
      const status = await hosts.republishAndRevalidate(via);
      if (status === 200) for (const url of urls) await hosts.read(url);
      return status;
    };

    // 1. The pub/sub kill loop: round trips back to back, so that kills land while a connection
    //    is re-subscribing, until 40 subscriber connections were killed. Revalidations run
    //    meanwhile (a 503 is allowed when Redis did not answer in time).
    const killer = admin;
    let killed = 0;
    let killing = true;
    const kills = (async () => {
      try {
        while (killed < 40 && hosts.crashes() === 0) {
          killed += (await killer.call('CLIENT', 'KILL', 'TYPE', 'pubsub')) as number;
        }
      } finally {
        killing = false;
      }
    })();
    // Readers on both hosts all along.
    const reading = hosts.readUntil(kills);
    try {
      while (killing) await republishAndCheck(urls[round % 2]!);
    } finally {
      killing = false;
      await kills;
      await reading;
    }
    expectAlive(hosts);
    expect(killed).toBeGreaterThanOrEqual(40);
    const killsEnded = performance.now();
    await waitForSubscribers(hosts, 2);
    await vi.waitFor(async () => expect(await republishAndCheck(urls[0]!)).toBe(200), {
      timeout: RECOVERY_MS,
      interval: 50,
    });
    const killLoopRecoveryMs = Math.round(performance.now() - killsEnded);

    // 2. Redis goes away. A host that still holds its bus lease (at most one lease, 1 s, from its
    //    last heartbeat) may answer a warm read from the copy Redis vouched for; otherwise the read
    //    goes to the origin. Every read is 200; never a stale value, never a crash.
    const vouched = hosts.confirmedOwner;
    expect(vouched).toBe(hosts.publishedOwner);
    await redis.stop();
    const awayOwners: string[] = [];
    for (const url of urls) awayOwners.push(expectVouchedOrOrigin(await hosts.read(url), vouched, vouched));
    //    A revalidation attempted while Redis is away is refused (the publisher retries it): 503.
    const unconfirmed = hosts.republish();
    for (const url of urls) expect(await hosts.revalidate(url)).toBe(503);
    for (const url of urls) awayOwners.push(expectVouchedOrOrigin(await hosts.read(url), vouched, unconfirmed));
    //    Once the lease has lapsed (the host says so on /healthz), every read is the origin's newest.
    for (const url of urls) {
      await vi.waitFor(async () => expect((await hosts.health(url)).bus?.leaseHeld).toBe(false), {
        timeout: RECOVERY_MS,
        interval: 50,
      });
      const answer = await hosts.read(url);
      expect(answer).toMatchObject({ status: 200, body: { owner: unconfirmed } });
      expect(await hosts.revalidate(url)).toBe(503);
    }
    expectAlive(hosts);

    // 3. Redis is back (empty: no persistence): both hosts serve 200 again by themselves, never
    //    the value from before the refused revalidation, listen on the bus again, and a 200
    //    revalidation holds on both.
    const restarted = performance.now();
    await redis.restart();
    for (const url of urls) {
      const answer = await vi.waitFor(
        async () => {
          expectAlive(hosts);
          const read = await hosts.read(url);
          expect(read.status).toBe(200);
          return read;
        },
        { timeout: RECOVERY_MS, interval: 50 },
      );
      expect(answer.body.owner).toBe(unconfirmed);
    }
    const restartRecoveryMs = Math.round(performance.now() - restarted);
    await waitForSubscribers(hosts, 2);
    await vi.waitFor(async () => expect(await republishAndCheck(urls[1]!)).toBe(200), {
      timeout: RECOVERY_MS,
      interval: 50,
    });

    const { stale, reads, confirmed } = hosts.counts;
    console.info(
      `chaos pub/sub kill loop (${killed} kills) and restart: ${hosts.crashes()} crashes, ${stale} stale of ${reads} reads, ` +
        `${awayOwners.filter((owner) => owner === vouched).length} of ${awayOwners.length} reads while Redis was away answered from the vouched copy, the rest from the origin, ` +
        `recovered in ${killLoopRecoveryMs} ms after the kills and ${restartRecoveryMs} ms after the restart`,
    );
    expect(stale).toBe(0);
    expect(confirmed).toBeGreaterThanOrEqual(2);
    expect(await hosts.stop()).toEqual([0, 0]);
    for (const host of hosts.hosts) {
      // The outage is logged (one line per burst), never an unhandled error or a stack trace.
      expect(host.output().stderr).not.toMatch(/Unhandled|MaxRetriesPerRequestError|^\s+at /m);
    }
  }, 180_000);
});
