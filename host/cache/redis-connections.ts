import { Redis } from 'ioredis';
import { restoreFastStringPrototype } from '../internal/restore-fast-string-prototype.js';
import { type Logger, silentLogger } from '../logger.js';
import { RedisCacheError, type RedisCacheOperation } from './redis-cache-error.js';
import { connectionOptions, defineScripts } from './redis-connection-options.js';
import type { RedisSentinel } from './redis-sentinel.js';
import { redisTarget, urlSecrets, withoutSecrets } from './redis-url.js';

// The one module of the host that imports ioredis (host/package.json lists it in `sideEffects`).
// Loading ioredis left String.prototype a dictionary in V8: the host's string calls went generic
// (docs/host-performance.md "Warm entry").
restoreFastStringPrototype();

// The bottom layer of the Redis store (docs/cache.md "The Redis store"): the two connections, the
// scripts, and the connection health. Nothing here knows about copies, leases or claims.
//
// - Commands are never queued (`enableOfflineQueue: false`, no retries, a command time-out): a
//   request whose Redis command fails gets its 503 (`RedisCacheError`) now, not after reconnection
//   attempts; the connections reconnect in the background (docs/cache.md "Failure behaviour").
// - The subscriber connection does not re-subscribe by itself (`autoResubscribe: false`): ioredis's
//   own re-subscription after a reconnection did not handle its command's failure, and a connection
//   cut again while it re-subscribed (Redis restarting, a network flap, `CLIENT KILL TYPE pubsub`)
//   rejected unhandled and ended the process. The invalidation bus subscribes on every `ready`
//   instead (invalidation-bus.ts).
// - Redis going back in time: every script gets the highest sequence this instance has seen; a
//   Redis whose last sequence is below it reseeds and voids everything it holds.
// - Health: one log line per burst of failures and one at the recovery, never one per request, and
//   never the URL's credentials (docs/cache.md "Logs and credentials").

type ScriptArgument = string | number;

/** A miss, a value with its version, or "your local copy is the stored value". */
export type GetReply = [0] | [1, string, string] | [2];

/** One script as `defineCommand` adds it: the state key, the LRU key, the prefix, the highest sequence seen, then its own arguments. */
type Script<Args extends ScriptArgument[], Result> = (
  state: string,
  lru: string,
  prefix: string,
  seen: string,
  ...args: Args
) => Promise<Result>;

/** The commands that `defineCommand` adds: each runs one script of redis-cache-scripts.ts. */
export interface CacheScripts {
  catalogNextSequence: Script<[], number>;
  catalogGet: Script<[key: string, version: string], GetReply>;
  catalogSet: Script<ScriptArgument[], [0] | [1, string]>;
  catalogInvalidate: Script<ScriptArgument[], [number, string[], 0 | 1]>;
  catalogHeartbeat: Script<ScriptArgument[], number>;
  catalogLeave: Script<[id: string], number>;
  catalogClaimLoad: Script<[key: string, token: string, ms: number], [1, number] | [0, number]>;
  catalogRenewLoad: Script<[key: string, token: string, ms: number], number>;
  catalogReleaseLoad: Script<[key: string, token: string, channel: string], number>;
}

/** The pub/sub channels of one prefix (docs/cache.md "Data layout"). */
export interface RedisChannels {
  readonly invalidations: string;
  readonly confirmations: string;
  readonly loads: string;
}

/** Options of {@link RedisConnections}. */
export interface RedisConnectionsOptions {
  /**
   * `redis://…` or `rediss://…`; never logged with its credentials. With `sentinels`, only its
   * credentials, database and scheme (TLS to the master) are used.
   */
  readonly url: string;
  /** Sentinels to ask for the master named `sentinelMaster` (it follows a failover); unset: `url`'s host. */
  readonly sentinels?: readonly RedisSentinel[];
  /** The master's name at the Sentinels (required with `sentinels`). */
  readonly sentinelMaster?: string;
  /**
   * Called when Redis stops answering (the first failure of a burst, a closed command connection):
   * nothing vouched for before may be trusted without Redis vouching again (local-copies.ts).
   */
  readonly onUnavailable?: () => void;
  /** With `rediss://`: the PEM of the CA that signed the server's certificate (default: the system's CAs). */
  readonly tlsCa?: string;
  /** Namespace of every key and channel. */
  readonly prefix: string;
  /** The instance's id: names its connections in CLIENT LIST. */
  readonly instanceId: string;
  /** Where a burst of failures (once) and the recovery are reported. Default: silent. */
  readonly logger?: Logger;
  /** A command without an answer after this long fails (default 2,000 ms). */
  readonly commandTimeoutMs?: number;
}

/**
 * The command and subscriber connections of one Redis store, its scripts, the highest sequence it
 * has seen, and its health: every command through {@link run} fails as a {@link RedisCacheError}.
 */
export class RedisConnections {
  /** The command connection, with the scripts of redis-cache-scripts.ts. */
  readonly client: Redis & CacheScripts;
  /** The subscriber connection (the invalidation bus subscribes it). */
  readonly subscriber: Redis;
  /**
   * The connection invalidations are written on, then waited on with WAIT until every replica
   * has them (see {@link replicated}): WAIT blocks its connection, so reads never queue behind it.
   */
  readonly invalidator: Redis & CacheScripts;
  readonly #onUnavailable: () => void;
  /** The channels under the prefix. */
  readonly channels: RedisChannels;
  readonly #prefix: string;
  readonly #keys: { readonly state: string; readonly lru: string };
  readonly #logger: Logger;
  readonly #target: string;
  readonly #secrets: readonly string[];
  #connected = false;
  #healthy = true;
  #lastError: unknown;
  /**
   * The highest sequence this instance has seen (handed out, a stored version, an invalidation's
   * sequence heard on the bus). Every script gets it: a Redis whose last sequence is below it
   * went back in time (a restart from an older snapshot, a promoted lagging replica) and voids
   * everything it holds (docs/cache.md).
   */
  #seen = 0;

  constructor(options: RedisConnectionsOptions) {
    this.#prefix = options.prefix;
    this.#keys = { state: `${this.#prefix}state`, lru: `${this.#prefix}lru` };
    this.channels = {
      invalidations: `${this.#prefix}invalidations`,
      confirmations: `${this.#prefix}confirmations`,
      loads: `${this.#prefix}loads`,
    };
    this.#logger = options.logger ?? silentLogger;
    this.#target =
      options.sentinels === undefined
        ? redisTarget(options.url)
        : `master ${options.sentinelMaster} of Sentinels ${options.sentinels.map(({ host, port }) => `${host}:${port}`).join(',')}`;
    this.#secrets = urlSecrets(options.url);
    const ioredisOptions = connectionOptions(options, {
      // CLIENT LIST names each connection by its instance (P members lists the same ids).
      connectionName: `catalog-host:${options.instanceId}:commands`,
      lazyConnect: true,
      // Fail fast instead of queueing: a read goes to the origins now, not after reconnection attempts.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 2_000,
      connectTimeout: 5_000,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      enableAutoPipelining: true,
    });
    const client = options.sentinels === undefined ? new Redis(options.url, ioredisOptions) : new Redis(ioredisOptions);
    defineScripts(client);
    this.client = client as Redis & CacheScripts;
    // Never ioredis's own re-subscription (see the top of this file): the bus subscribes on every `ready`.
    this.subscriber = client.duplicate({
      autoResubscribe: false,
      connectionName: `catalog-host:${options.instanceId}:subscriber`,
    });
    this.invalidator = client.duplicate({
      connectionName: `catalog-host:${options.instanceId}:invalidations`,
      enableAutoPipelining: false,
    }) as Redis & CacheScripts;
    defineScripts(this.invalidator);
    this.#onUnavailable = options.onUnavailable ?? (() => {});
    for (const connection of [this.client, this.subscriber, this.invalidator]) {
      // Without a listener ioredis prints every error itself; we report bursts once instead.
      connection.on('error', (error: unknown) => this.failed(error));
    }
    this.client.on('ready', () => this.#succeeded());
    this.client.on('close', () => this.#onUnavailable());
  }

  /** Whether `connect` succeeded and `close` has not begun its end. */
  get connected(): boolean {
    return this.#connected;
  }

  /**
   * Why commands cannot reach Redis now (`GET /readyz`), or undefined: `redis-disconnected` while
   * the command connection is not ready (before `connect`, reconnecting, closed);
   * `redis-failing` from a failed command until one succeeds again, because a half-open
   * connection stays ready to ioredis while every command times out (the heartbeats, 4 a lease,
   * find the recovery without any request).
   */
  unavailableReason(): 'redis-disconnected' | 'redis-failing' | undefined {
    if (!this.#connected || this.client.status !== 'ready') return 'redis-disconnected';
    return this.#healthy ? undefined : 'redis-failing';
  }

  /**
   * Connects both connections, then waits for `subscribed` (the bus's first subscription, which
   * the subscriber's `ready` started). Rejects with a {@link RedisCacheError} (`connect`, naming
   * the server without credentials) when Redis cannot be reached now; both connections are dropped.
   */
  async connect(subscribed: () => Promise<boolean>): Promise<void> {
    const results = await Promise.allSettled([
      this.client.connect(),
      this.subscriber.connect(),
      this.invalidator.connect(),
    ]);
    const failure = results.find((result) => result.status === 'rejected');
    try {
      if (failure !== undefined) throw this.#lastError ?? failure.reason;
      if (!(await subscribed())) throw this.#lastError;
    } catch (error) {
      this.client.disconnect();
      this.subscriber.disconnect();
      this.invalidator.disconnect();
      throw new RedisCacheError('connect', `Cannot connect to Redis at ${this.#target}: ${this.#describe(error)}`, {
        cause: error,
      });
    }
    this.#connected = true;
    this.#healthy = true;
  }

  /** Resolves once the command connection is ready (after a reconnection, say). */
  async commandsReady(): Promise<void> {
    if (this.client.status !== 'ready') await new Promise((resolve) => this.client.once('ready', resolve));
  }

  /** Quits both connections (or drops them when they are not connected); resolves once they are closed. */
  async close(): Promise<void> {
    this.#connected = false;
    await Promise.all(
      [this.client, this.subscriber, this.invalidator].map(async (connection) => {
        if (connection.status !== 'ready') return connection.disconnect();
        const ended = new Promise((resolve) => connection.once('end', resolve));
        await connection.quit().catch(() => connection.disconnect());
        await ended;
      }),
    );
  }

  /** Records a sequence this instance has seen (handed out, a version, an invalidation's). */
  see(sequence: number | string | undefined): void {
    const value = Number(sequence);
    if (Number.isSafeInteger(value) && value > this.#seen) this.#seen = value;
  }

  /** What every script gets first: its two keys, the prefix and the highest sequence seen. */
  scriptKeys(): [state: string, lru: string, prefix: string, seen: string] {
    return [this.#keys.state, this.#keys.lru, this.#prefix, String(this.#seen)];
  }

  /** Runs one command: a failure is reported (once per burst) and rejects as {@link RedisCacheError} `operation`. */
  async run<T>(operation: RedisCacheOperation, command: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await command();
    } catch (error) {
      this.failed(error);
      throw new RedisCacheError(operation, undefined, { cause: error });
    }
    this.#succeeded();
    return result;
  }

  /**
   * Resolves once every replica of the master has the writes made so far on the invalidator
   * connection (WAIT for as many replicas as ROLE lists); rejects when one has not after
   * `timeoutMs` (a revalidation then answers 503). A master without replicas answers at once. So a revalidation answered 200 is on
   * every replica a failover may promote (docs/cache-outages.md "Failover").
   */
  async replicated(timeoutMs = 1_000): Promise<void> {
    const role = (await this.invalidator.role()) as unknown[];
    const replicas = role[0] === 'master' && Array.isArray(role[2]) ? role[2].length : 0;
    if (replicas === 0) return;
    const acknowledged = await this.invalidator.wait(replicas, timeoutMs);
    if (acknowledged < replicas)
      throw new Error(`${acknowledged} of ${replicas} replicas acknowledged within ${timeoutMs} ms`);
  }

  /** One line per burst of failures (none before the first successful connect: the caller reports that). */
  failed(error: unknown): void {
    this.#lastError = error;
    if (!this.#connected || !this.#healthy) return;
    this.#healthy = false;
    this.#onUnavailable();
    const reason = this.#describe(error);
    this.#logger.error({ redis: this.#target, error: reason }, `Redis cache unavailable at ${this.#target}: ${reason}`);
  }

  #succeeded(): void {
    if (!this.#connected || this.#healthy) return;
    this.#healthy = true;
    this.#logger.info({ redis: this.#target }, `Redis cache available again at ${this.#target}`);
  }

  #describe(error: unknown): string {
    const message =
      error instanceof AggregateError && error.errors.length > 0
        ? String((error.errors[0] as Error).message)
        : error instanceof Error
          ? error.message
          : String(error);
    return withoutSecrets(message, this.#secrets);
  }
}
