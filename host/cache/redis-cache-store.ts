import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import type {
  BusStatus,
  CacheHit,
  CacheSetOptions,
  CacheStore,
  InvalidationListener,
  LoadClaim,
  SharedCacheStore,
  StoreUnavailableReason,
} from './cache-store.js';
import { InvalidationBus } from './invalidation-bus.js';
import { LoadClaims } from './load-claims.js';
import { LocalCopies } from './local-copies.js';
import type { RedisClientHandle } from './redis-client-handle.js';
import { RedisConnections } from './redis-connections.js';
import type { RedisSentinel } from './redis-sentinel.js';

/** Options of {@link RedisCacheStore}. */
export interface RedisCacheStoreOptions {
  /**
   * `redis://[user:password@]host:port[/db]` or `rediss://…`; never logged with its credentials.
   * With `sentinels`, only its credentials, database and scheme (TLS) are used.
   */
  readonly url: string;
  /** Sentinels that name the master (`REDIS_SENTINELS`): the store follows a failover. Unset: `url`'s host. */
  readonly sentinels?: readonly RedisSentinel[];
  /** The master's name at the Sentinels (`REDIS_SENTINEL_MASTER`), required with `sentinels`. */
  readonly sentinelMaster?: string;
  /** With `rediss://`: the PEM of the CA that signed the server's certificate (default: the system's CAs). */
  readonly tlsCa?: string;
  /** Upper bound of the stored values (bytes of their JSON), shared by every instance on the prefix. */
  readonly maxBytes: number;
  /** Namespace of every key and channel, so that several deployments can share one Redis. */
  readonly prefix?: string;
  /** Where the store reports a burst of Redis failures (once) and the recovery. Default: silent. */
  readonly logger?: Logger;
  /** A command without an answer after this long fails (default 2,000 ms). */
  readonly commandTimeoutMs?: number;
  /**
   * The bus lease (default 1,000 ms; docs/cache.md "Warm reads from memory"): while it holds, this
   * instance answers warm reads from memory; an invalidation waits at most this long (plus a
   * small margin) for an instance that does not confirm it. Heartbeats go out 4 times a lease.
   */
  readonly leaseMs?: number;
  /**
   * How long another instance's cluster-wide load of a key may hold the others (default 2,000 ms):
   * a holder that died stalls them no longer, and they load for themselves.
   */
  readonly loadClaimMs?: number;
  /**
   * Bound of the local copies (bytes of JSON) kept to skip sending and parsing a value that Redis
   * confirms unchanged; every read still asks Redis. Default: 32 MiB or `maxBytes`, the smaller.
   */
  readonly localCopyBytes?: number;
}

/** The default key prefix. */
export const DEFAULT_REDIS_PREFIX = 'runtime-catalog:';

/**
 * The shared store for several host instances (docs/design.md: `REDIS_URL`; docs/cache.md "The
 * Redis store"), composed of four layers, each in its own file with its part of the freshness
 * argument:
 * - redis-connections.ts: the command and subscriber connections, the Lua scripts (each operation
 *   one script, so a check and the write it guards are atomic with respect to any instance's
 *   invalidation: redis-cache-scripts.ts), the highest sequence seen, and the health (Redis
 *   unreachable: every operation rejects at once with RedisCacheError, one log line per burst);
 * - local-copies.ts: the values Redis vouched for, by generation;
 * - invalidation-bus.ts: the subscription, heartbeats, the bus lease, confirmations, and
 *   `invalidateTags`, which resolves only once every instance that may hold a lease confirmed
 *   or had its lease waited out;
 * - load-claims.ts: a cold key loaded once for the whole cluster.
 * This class answers the CacheStore calls from them: a warm read from memory only under the lease
 * (`peek`), every other read asks Redis.
 */
export class RedisCacheStore implements CacheStore, SharedCacheStore {
  readonly #instanceId = randomUUID();
  readonly #maxBytes: number;
  readonly #connections: RedisConnections;
  readonly #copies: LocalCopies;
  readonly #claims: LoadClaims;
  readonly #bus: InvalidationBus;
  /** This store: it is shared by every instance on its prefix. */
  readonly shared: SharedCacheStore = this;

  constructor(options: RedisCacheStoreOptions) {
    this.#maxBytes = options.maxBytes;
    this.#connections = new RedisConnections({
      url: options.url,
      ...(options.tlsCa === undefined ? {} : { tlsCa: options.tlsCa }),
      ...(options.sentinels === undefined ? {} : { sentinels: options.sentinels }),
      ...(options.sentinelMaster === undefined ? {} : { sentinelMaster: options.sentinelMaster }),
      // What Redis vouched for before it stopped answering needs its word again (local-copies.ts).
      onUnavailable: () => this.#copies.invalidate(),
      prefix: options.prefix ?? DEFAULT_REDIS_PREFIX,
      instanceId: this.#instanceId,
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      ...(options.commandTimeoutMs === undefined ? {} : { commandTimeoutMs: options.commandTimeoutMs }),
    });
    this.#copies = new LocalCopies(options.localCopyBytes ?? Math.min(options.maxBytes, 32 * 1024 * 1024));
    this.#claims = new LoadClaims(this.#connections, options.loadClaimMs ?? 2_000);
    this.#bus = new InvalidationBus({
      connections: this.#connections,
      copies: this.#copies,
      claims: this.#claims,
      instanceId: this.#instanceId,
      leaseMs: options.leaseMs ?? 1_000,
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    });
  }

  /**
   * Connects both connections and subscribes. Rejects with a {@link RedisCacheError}
   * (`connect`, naming the server without credentials) when Redis cannot be reached now.
   */
  async connect(): Promise<void> {
    // The subscriber's `ready` (before `connect` resolved) started the subscription.
    await this.#connections.connect(() => this.#bus.subscribed());
    // The first lease before the first request; then 4 heartbeats a lease.
    await this.#bus.start();
  }

  /** Resolves once both connections are ready again and the subscriber listens (after a reconnection, say). */
  async ready(): Promise<void> {
    await this.#connections.commandsReady();
    await this.#bus.listened();
  }

  /** The command connection (ioredis), which the compile quotas share. */
  get commandConnection(): RedisClientHandle {
    return this.#connections.client;
  }

  /** This instance's id: its entry in `P members`, and the name of its connections in CLIENT LIST. */
  get instanceId(): string {
    return this.#instanceId;
  }

  /**
   * Whether the subscriber connection is subscribed to the invalidations now, as far as this
   * process can tell: false from the moment that connection closes until it subscribed again (a
   * half-open connection shows only once it closes).
   */
  get listening(): boolean {
    return this.#bus.listening;
  }

  /**
   * Whether this instance provably hears every invalidation now (its bus lease holds), and so
   * answers warm reads from memory; otherwise every read asks Redis.
   */
  get leaseHeld(): boolean {
    return this.#bus.leaseHeld;
  }

  busStatus(): BusStatus {
    return this.#bus.status();
  }

  /**
   * Why the store cannot be used now (reads then go to the origins), or undefined: Redis
   * connected, its last command answered, and the invalidation bus listening. The bus lease is not
   * asked: without it the instance still reads through Redis, only not from memory.
   */
  unavailableReason(): StoreUnavailableReason | undefined {
    const redis = this.#connections.unavailableReason();
    if (redis === 'redis-disconnected') return redis;
    return this.#bus.listening ? redis : 'bus-not-listening';
  }

  async nextSequence(): Promise<number> {
    const connections = this.#connections;
    const sequence = await connections.run('nextSequence', () =>
      connections.client.catalogNextSequence(...connections.scriptKeys()),
    );
    connections.see(sequence);
    return sequence;
  }

  /**
   * The bus epoch (SharedCacheStore.busEpoch): a number that stays the same only while this
   * instance provably hears every invalidation (subscribed, and not closed since); undefined while
   * it is not subscribed. A load or read in flight may be joined only within one epoch.
   */
  busEpoch(): number | undefined {
    return this.#bus.epoch();
  }

  /**
   * A warm read from memory, with no Redis round trip: only under the bus lease, and only a copy
   * that Redis vouched for since the last invalidation this instance heard.
   */
  peek(key: string): CacheHit | undefined {
    if (!this.#bus.leaseTimeHeld()) return undefined;
    const copy = this.#copies.current(key);
    if (copy === undefined || !this.#bus.listening) return undefined;
    this.#copies.touch(key);
    return { value: copy.value };
  }

  /**
   * Every read asks Redis (so an invalidation holds at once); when this instance's local copy is
   * still the stored version, Redis answers without the value, and the copy (the same object as
   * before, like the memory store's) is returned without parsing. Concurrent reads of one key
   * share one round trip (a cold whole catalog reads the catalog once per package at once), only
   * while every invalidation provably reaches us (the bus lease); an invalidation seen here and
   * the subscriber's close end the sharing, so no read that starts after it joins an older one.
   */
  get(key: string): Promise<CacheHit | undefined> {
    return this.#copies.read(
      key,
      () => this.leaseHeld,
      (read) => this.#read(read),
    );
  }

  async #read(key: string): Promise<CacheHit | undefined> {
    const connections = this.#connections;
    const copy = this.#copies.get(key);
    const generation = this.#copies.generation;
    const found = await connections.run('get', () =>
      connections.client.catalogGet(...connections.scriptKeys(), key, copy?.version ?? ''),
    );
    if (found[0] === 2 && copy !== undefined) {
      this.#copies.vouch(copy, generation);
      return { value: copy.value };
    }
    if (found[0] !== 1) {
      this.#copies.drop(key);
      return undefined;
    }
    connections.see(found[2]);
    const value: unknown = JSON.parse(found[1]);
    this.#copies.keep(key, found[2], value, found[1].length, generation);
    return { value };
  }

  async set(key: string, value: unknown, options: CacheSetOptions): Promise<boolean> {
    const connections = this.#connections;
    const json = JSON.stringify(value) ?? 'null';
    // The script checks the size too; this spares Redis a value it would refuse.
    if (Buffer.byteLength(json) > this.#maxBytes) return false;
    const tags = JSON.stringify([...new Set(options.tags)]);
    const generation = this.#copies.generation;
    const stored = await connections.run('set', () =>
      connections.client.catalogSet(...connections.scriptKeys(), key, json, options.sequence, tags, this.#maxBytes),
    );
    if (stored[0] !== 1) return false;
    connections.see(stored[1]);
    this.#copies.keep(key, stored[1], value, json.length, generation);
    return true;
  }

  invalidateTags(tags: readonly string[]): Promise<void> {
    return this.#bus.invalidate(tags);
  }

  /**
   * Claims the load of `key` for the cluster. The claim expires by itself after `loadClaimMs`;
   * waiters wake at its release or by then.
   */
  claimLoad(key: string): Promise<LoadClaim> {
    return this.#claims.claim(key);
  }

  onInvalidate(listener: InvalidationListener): () => void {
    return this.#bus.onInvalidate(listener);
  }

  /** Quits both connections (or drops them when they are not connected); resolves once they are closed. */
  async close(): Promise<void> {
    this.#bus.stop();
    this.#claims.close();
    this.#copies.clear();
    // Others stop waiting for this instance's confirmations at once.
    await this.#bus.leave();
    await this.#connections.close();
  }
}
