import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '../../testing/host/recording-logger.js';
import { type RedisServer, startRedisServer } from '../../testing/host/redis-server.js';
import { RedisCacheError } from './redis-cache-error.js';
import { RedisConnections } from './redis-connections.js';

// Against a real redis-server on 127.0.0.1, the connections alone (no bus, no copies).

let server: RedisServer;

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server.stop();
});

describe('RedisConnections', () => {
  it('opens a command, a subscriber and an invalidation connection named by the instance, and close quits them', async () => {
    const admin = new Redis(server.url);
    const connections = new RedisConnections({ url: server.url, prefix: 'conn-a:', instanceId: 'instance-a' });
    try {
      await connections.connect(async () => true);
      expect(connections.connected).toBe(true);
      const names = String(await admin.client('LIST'))
        .split('\n')
        .map((line) => /name=(\S*)/.exec(line)?.[1])
        .filter((name) => name?.startsWith('catalog-host:instance-a:'));
      expect(names.sort()).toEqual([
        'catalog-host:instance-a:commands',
        'catalog-host:instance-a:invalidations',
        'catalog-host:instance-a:subscriber',
      ]);
      expect(connections.channels).toEqual({
        invalidations: 'conn-a:invalidations',
        confirmations: 'conn-a:confirmations',
        loads: 'conn-a:loads',
      });
      await connections.close();
      expect(connections.connected).toBe(false);
      expect(String(await admin.client('LIST'))).not.toContain('catalog-host:instance-a:');
    } finally {
      admin.disconnect();
    }
  });

  it('hands every script the highest sequence seen, never a lower one', async () => {
    const connections = new RedisConnections({ url: server.url, prefix: 'conn-b:', instanceId: 'instance-b' });
    try {
      await connections.connect(async () => true);
      expect(connections.scriptKeys()).toEqual(['conn-b:state', 'conn-b:lru', 'conn-b:', '0']);
      connections.see('12');
      connections.see(5);
      connections.see(undefined);
      connections.see('not a number');
      expect(connections.scriptKeys()[3]).toBe('12');
      const sequence = await connections.run('nextSequence', () =>
        connections.client.catalogNextSequence(...connections.scriptKeys()),
      );
      // Redis's state started below what this instance saw: it reseeded above it.
      expect(sequence).toBeGreaterThan(12);
    } finally {
      await connections.close();
    }
  });

  it('rejects connect as RedisCacheError connect when the first subscription failed', async () => {
    const connections = new RedisConnections({ url: server.url, prefix: 'conn-c:', instanceId: 'instance-c' });
    const error = await connections
      .connect(async () => false)
      .then(
        () => undefined,
        (reason: unknown) => reason as RedisCacheError,
      );
    expect(error).toBeInstanceOf(RedisCacheError);
    expect(error?.operation).toBe('connect');
    expect(error?.code).toBe('cache-unavailable');
    expect(connections.connected).toBe(false);
    await connections.close();
  });

  it('fails a command as RedisCacheError of its operation, logs the burst once and the recovery once', async () => {
    const own = await startRedisServer();
    const logger = recordingLogger();
    const connections = new RedisConnections({ url: own.url, prefix: 'conn-d:', instanceId: 'instance-d', logger });
    try {
      await connections.connect(async () => true);
      await own.stop();
      for (const operation of ['get', 'set'] as const) {
        const error = await connections
          .run(operation, () => connections.client.catalogNextSequence(...connections.scriptKeys()))
          .then(
            () => undefined,
            (reason: unknown) => reason as RedisCacheError,
          );
        expect(error).toBeInstanceOf(RedisCacheError);
        expect(error?.operation).toBe(operation);
        expect(error?.code).toBe('cache-unavailable');
        expect(error?.status).toBe(503);
      }
      expect(logger.lines).toHaveLength(1);
      expect(logger.lines[0]).toMatch(
        new RegExp(`^error: Redis cache unavailable at redis://127\\.0\\.0\\.1:${own.port}: `),
      );
      await own.restart();
      await connections.commandsReady();
      expect(logger.lines).toEqual([
        logger.lines[0],
        `info: Redis cache available again at redis://127.0.0.1:${own.port}`,
      ]);
      // LOG_FORMAT=json: the server and the reason as fields, never the URL's credentials.
      const redis = `redis://127.0.0.1:${own.port}`;
      expect(logger.records.map(({ fields }) => fields)).toEqual([{ redis, error: expect.any(String) }, { redis }]);
      expect(logger.lines[0]).toBe(`error: Redis cache unavailable at ${redis}: ${logger.records[0]!.fields.error}`);
    } finally {
      await connections.close();
      await own.stop();
    }
  });
});
