import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { launchOnFreePort, type RedisServer, spawnUntilReady, startRedisServer } from './redis-server.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/** The redis-sentinel binary: Debian's package, else the first on PATH (scripts/system-packages.mjs installs it). */
const REDIS_SENTINEL_BIN = existsSync('/usr/bin/redis-sentinel') ? '/usr/bin/redis-sentinel' : 'redis-sentinel';

/** The name the Sentinels know the master by. */
export const SENTINEL_MASTER = 'catalog';

/**
 * Test-only: a primary, one replica and three Sentinels on 127.0.0.1, as an operator runs them
 * (Debian's redis-server and redis-sentinel). The replica reaches the primary through a TCP proxy,
 * so that a test can hold replication back (`replication.partition()`).
 */
export interface RedisSentinelGroup {
  readonly primary: RedisServer;
  readonly replica: RedisServer;
  /** The replica's link to the primary. */
  readonly replication: TcpProxy;
  /** `127.0.0.1:<port>,…` of the three Sentinels (`REDIS_SENTINELS`). */
  readonly sentinels: string;
  /** The master's port as the Sentinels name it now. */
  masterPort(): Promise<number>;
  /** Resolves once the Sentinels name `port` as the master (a failover ended). */
  masterBecomes(port: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts the group and resolves once every Sentinel monitors the primary and knows the replica. */
export async function startRedisSentinelGroup(): Promise<RedisSentinelGroup> {
  const folder = await mkdtemp(join(tmpdir(), 'redis-sentinels-'));
  // Their own folder: a replica's full sync writes an RDB file into its working directory.
  const primary = await startRedisServer(['--dir', folder]);
  const replication = await startTcpProxy(primary.port);
  const replica = await startRedisServer(['--dir', folder, '--replicaof', '127.0.0.1', String(replication.port)]);
  const sentinelPorts: number[] = [];
  const children: ChildProcess[] = [];
  let admin: Redis | undefined;
  const close = async () => {
    admin?.disconnect();
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }),
    );
    await replica.stop('SIGKILL');
    await primary.stop('SIGKILL');
    await replication.close();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await waitForReplica(replica.port);
    for (let count = 0; count < 3; count += 1) {
      const { port, launched } = await launchOnFreePort((port) => launchSentinel(folder, port, primary.port));
      sentinelPorts.push(port);
      children.push(launched);
    }
    admin = new Redis({ port: sentinelPorts[0], host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    admin.on('error', () => {});
    await admin.connect();
    // Each Sentinel learns of the replica from the primary's INFO (every 10 s at first, then at once on events).
    for (const port of sentinelPorts) await waitForSentinel(port);
  } catch (error) {
    await close();
    throw error;
  }
  const connected = admin;
  const masterPort = async () => {
    const [, port] = (await connected.call('SENTINEL', 'get-master-addr-by-name', SENTINEL_MASTER)) as [string, string];
    return Number(port);
  };
  return {
    primary,
    replica,
    replication,
    sentinels: sentinelPorts.map((port) => `127.0.0.1:${port}`).join(','),
    masterPort,
    masterBecomes: async (port, timeoutMs) => {
      const deadline = performance.now() + timeoutMs;
      while ((await masterPort()) !== port) {
        if (performance.now() > deadline)
          throw new Error(`the Sentinels did not name port ${port} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close,
  };
}

/** Resolves once the replica's link to the primary is up (its first sync done). */
async function waitForReplica(port: number): Promise<void> {
  const client = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0 });
  try {
    for (;;) {
      if (/master_link_status:up/.test(await client.info('replication'))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    client.disconnect();
  }
}

/** Resolves once the Sentinel on `port` knows the replica and the two other Sentinels. */
async function waitForSentinel(port: number): Promise<void> {
  const client = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0 });
  try {
    for (;;) {
      const replicas = (await client.call('SENTINEL', 'replicas', SENTINEL_MASTER)) as unknown[];
      const sentinels = (await client.call('SENTINEL', 'sentinels', SENTINEL_MASTER)) as unknown[];
      if (replicas.length === 1 && sentinels.length === 2) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    client.disconnect();
  }
}

/**
 * One Sentinel: a primary down for 1 s is failed over by a quorum of 2 (the defaults are 30 s and
 * 3 minutes, far too long for a test). Its config file is its own: Sentinel rewrites it.
 */
async function launchSentinel(folder: string, port: number, primaryPort: number): Promise<ChildProcess> {
  const config = join(folder, `sentinel-${port}.conf`);
  await writeFile(
    config,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${folder}`,
      `sentinel monitor ${SENTINEL_MASTER} 127.0.0.1 ${primaryPort} 2`,
      `sentinel down-after-milliseconds ${SENTINEL_MASTER} 1000`,
      `sentinel failover-timeout ${SENTINEL_MASTER} 5000`,
      `sentinel parallel-syncs ${SENTINEL_MASTER} 1`,
      '',
    ].join('\n'),
  );
  return spawnUntilReady(REDIS_SENTINEL_BIN, [config], '+monitor master');
}
