import type { Redis, RedisOptions } from 'ioredis';
import {
  CLAIM_LOAD_SCRIPT,
  GET_SCRIPT,
  HEARTBEAT_SCRIPT,
  INVALIDATE_SCRIPT,
  LEAVE_SCRIPT,
  NEXT_SEQUENCE_SCRIPT,
  RELEASE_LOAD_SCRIPT,
  RENEW_LOAD_SCRIPT,
  SET_SCRIPT,
} from './redis-cache-scripts.js';
import type { RedisConnectionsOptions } from './redis-connections.js';

// How each connection of the Redis store is made: its scripts, and its ioredis options (a URL's
// host, or the master the Sentinels name).

/** Adds the scripts of redis-cache-scripts.ts to `connection` as commands (CacheScripts). */
export function defineScripts(connection: Redis): void {
  connection.defineCommand('catalogNextSequence', { numberOfKeys: 2, lua: NEXT_SEQUENCE_SCRIPT });
  connection.defineCommand('catalogGet', { numberOfKeys: 2, lua: GET_SCRIPT });
  connection.defineCommand('catalogSet', { numberOfKeys: 2, lua: SET_SCRIPT });
  connection.defineCommand('catalogInvalidate', { numberOfKeys: 2, lua: INVALIDATE_SCRIPT });
  connection.defineCommand('catalogHeartbeat', { numberOfKeys: 2, lua: HEARTBEAT_SCRIPT });
  connection.defineCommand('catalogLeave', { numberOfKeys: 2, lua: LEAVE_SCRIPT });
  connection.defineCommand('catalogClaimLoad', { numberOfKeys: 2, lua: CLAIM_LOAD_SCRIPT });
  connection.defineCommand('catalogRenewLoad', { numberOfKeys: 2, lua: RENEW_LOAD_SCRIPT });
  connection.defineCommand('catalogReleaseLoad', { numberOfKeys: 2, lua: RELEASE_LOAD_SCRIPT });
}

/**
 * The ioredis options of the command connection: `base`, the CA of `rediss://`, and with Sentinels
 * the master's name, the Sentinels, and the URL's credentials, database and TLS (ioredis then asks
 * the Sentinels for the master at every (re)connection, so the connections follow a failover).
 */
export function connectionOptions(options: RedisConnectionsOptions, base: RedisOptions): RedisOptions {
  // rediss:// turns TLS on (ioredis); the certificate is always checked, against this CA if given.
  const tls = options.tlsCa === undefined ? {} : { tls: { ca: options.tlsCa } };
  if (options.sentinels === undefined) return { ...base, ...tls };
  const url = URL.canParse(options.url) ? new URL(options.url) : undefined;
  const database = Number(url?.pathname.slice(1) || 0);
  return {
    ...base,
    sentinels: options.sentinels.map(({ host, port }) => ({ host, port })),
    name: options.sentinelMaster ?? '',
    // Not ioredis's `failoverDetector`: with it, the connections ended for good (status `end`) in
    // about one failover of five here. A failover closes the old master's connections anyway, and
    // the reconnection asks the Sentinels (host/main-redis-sentinel.test.ts).
    sentinelRetryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    ...(url?.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url?.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(Number.isSafeInteger(database) ? { db: database } : {}),
    ...(url?.protocol === 'rediss:' ? { tls: { ...(options.tlsCa === undefined ? {} : { ca: options.tlsCa }) } } : {}),
  };
}
