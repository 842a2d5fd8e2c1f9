import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../testing/host/redis-server.js';
import { LoadClaims } from './load-claims.js';
import { RedisConnections } from './redis-connections.js';

// Against a real redis-server on 127.0.0.1: the claims alone, without a bus (a release message is
// handed to `released` by hand here; the invalidation bus does it in the store).

let server: RedisServer;
let instances = 0;
const opened: Array<{ connections: RedisConnections; claims: LoadClaims }> = [];

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server.stop();
});
afterEach(async () => {
  await Promise.all(
    opened.splice(0).map(async ({ connections, claims }) => {
      claims.close();
      await connections.close();
    }),
  );
});

async function openClaims(prefix: string, claimMs: number): Promise<LoadClaims> {
  instances += 1;
  const connections = new RedisConnections({ url: server.url, prefix, instanceId: `claims-${instances}` });
  await connections.connect(async () => true);
  const claims = new LoadClaims(connections, claimMs);
  opened.push({ connections, claims });
  return claims;
}

describe('LoadClaims', () => {
  it('gives a key to one instance; the other waits until it is released, then may claim it', async () => {
    const a = await openClaims('claims-a:', 2_000);
    const b = await openClaims('claims-a:', 2_000);
    const held = await a.claim('k');
    expect(held.held).toBe(true);
    const waiting = await b.claim('k');
    expect(waiting.held).toBe(false);
    let woken = false;
    if (waiting.held) throw new Error('not held');
    void waiting.released.then(() => {
      woken = true;
    });
    if (!held.held) throw new Error('held');
    await held.release();
    expect(woken).toBe(false); // the release message reaches b through its bus
    b.released('k');
    await waiting.released;
    expect((await b.claim('k')).held).toBe(true);
  });

  it('renews a claim while its holder loads, and lets it expire once the holder is gone', async () => {
    const a = await openClaims('claims-b:', 300);
    const b = await openClaims('claims-b:', 300);
    const held = await a.claim('k');
    expect(held.held).toBe(true);
    await sleep(700); // over two claims: renewed all along
    expect((await b.claim('k')).held).toBe(false);
    a.close(); // dies with its claim: nobody renews it
    const started = performance.now();
    const waiting = await b.claim('k');
    if (waiting.held) throw new Error('still claimed');
    await waiting.released; // by the claim's remaining time, with no release message
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((await b.claim('k')).held).toBe(true);
  });

  it('wakes every waiter at once when told to (an invalidation voided the claims)', async () => {
    const a = await openClaims('claims-c:', 2_000);
    const b = await openClaims('claims-c:', 2_000);
    await a.claim('x');
    await a.claim('y');
    const waits = await Promise.all([b.claim('x'), b.claim('y')]);
    const started = performance.now();
    b.wakeAll();
    await Promise.all(waits.map((claim) => (claim.held ? undefined : claim.released)));
    expect(performance.now() - started).toBeLessThan(500);
  });
});
