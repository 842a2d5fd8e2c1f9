import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../../testing/host/recording-logger.js';
import { type RedisServer, startRedisServer } from '../../testing/host/redis-server.js';
import type { Logger } from '../logger.js';
import { InvalidationBus } from './invalidation-bus.js';
import { LoadClaims } from './load-claims.js';
import { LocalCopies } from './local-copies.js';
import { RedisConnections } from './redis-connections.js';

// Against a real redis-server on 127.0.0.1: the bus over its layers, without the store on top.

interface Instance {
  readonly id: string;
  readonly connections: RedisConnections;
  readonly copies: LocalCopies;
  readonly claims: LoadClaims;
  readonly bus: InvalidationBus;
  close(): Promise<void>;
}

let server: RedisServer;
let instances = 0;
const opened: Instance[] = [];

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server.stop();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((instance) => instance.close()));
});

async function openBus(prefix: string, leaseMs = 1_000, logger?: Logger): Promise<Instance> {
  instances += 1;
  const id = `bus-${instances}`;
  const connections = new RedisConnections({ url: server.url, prefix, instanceId: id });
  const copies = new LocalCopies(1_000);
  const claims = new LoadClaims(connections, 2_000);
  const bus = new InvalidationBus({
    connections,
    copies,
    claims,
    instanceId: id,
    leaseMs,
    ...(logger ? { logger } : {}),
  });
  await connections.connect(() => bus.subscribed());
  await bus.start();
  const instance = {
    id,
    connections,
    copies,
    claims,
    bus,
    close: async () => {
      bus.stop();
      claims.close();
      await bus.leave();
      await connections.close();
    },
  };
  opened.push(instance);
  return instance;
}

describe('InvalidationBus', () => {
  it('listens and holds its lease once started: the epoch is defined', async () => {
    const a = await openBus('bus-a:');
    expect(a.bus.status()).toEqual({ listening: true, leaseHeld: true });
    expect(a.bus.epoch()).toBeTypeOf('number');
  });

  it("runs the other instance's listeners, voids its copies and wakes its claim waiters before the invalidation resolves", async () => {
    const a = await openBus('bus-b:');
    const b = await openBus('bus-b:');
    const seen: string[][] = [];
    b.bus.onInvalidate((tags) => seen.push([...tags]));
    b.copies.keep('k', '1', 'old', 3, b.copies.generation);
    await a.claims.claim('load');
    const waiting = await b.claims.claim('load');
    if (waiting.held) throw new Error('a holds it');
    await a.bus.invalidate(['t']);
    expect(seen).toEqual([['t']]);
    expect(b.copies.current('k')).toBeUndefined();
    await waiting.released; // woken by the invalidation, long before the claim's 2 s
  });

  it('waits for no member that left, and waits out one that stopped answering', async () => {
    const logger = recordingLogger();
    const a = await openBus('bus-c:', 400, logger);
    const b = await openBus('bus-c:', 400);
    // b's subscriber stops reading: it is listed in P members but cannot confirm.
    b.connections.subscriber.stream.pause();
    let started = performance.now();
    await a.bus.invalidate(['t']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    expect(logger.records).toEqual([
      {
        level: 'warn',
        fields: { unconfirmed: 1, instances: 2, waitMs: expect.any(Number) },
        message: 'cache invalidation: 1 of 2 instances did not confirm; waited out their bus lease',
      },
    ]);
    b.connections.subscriber.stream.resume();
    b.bus.stop();
    await b.bus.leave();
    started = performance.now();
    await a.bus.invalidate(['t']);
    expect(performance.now() - started).toBeLessThan(400);
  });

  it('ends the lease and the epoch when its subscriber drops, voids the copies, and subscribes again', async () => {
    const a = await openBus('bus-d:');
    a.copies.keep('k', '1', 'v', 1, a.copies.generation);
    const epoch = a.bus.epoch();
    const admin = new Redis(server.url);
    try {
      const clients = String(await admin.client('LIST'));
      const id = new RegExp(`^id=(\\d+) .*name=catalog-host:${a.id}:subscriber `, 'm').exec(clients)?.[1];
      expect(id).toBeDefined();
      await admin.call('CLIENT', 'KILL', 'ID', String(id));
      await vi.waitFor(() => expect(a.bus.listening).toBe(false), { timeout: 10_000, interval: 1 });
      expect(a.bus.leaseHeld).toBe(false);
      expect(a.bus.epoch()).toBeUndefined();
      expect(a.copies.current('k')).toBeUndefined();
      await a.bus.listened();
      await vi.waitFor(() => expect(a.bus.leaseHeld).toBe(true), { timeout: 10_000, interval: 5 });
      expect(a.bus.epoch()).not.toBe(epoch);
    } finally {
      admin.disconnect();
    }
  });
});
