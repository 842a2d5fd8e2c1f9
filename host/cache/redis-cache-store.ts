import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { type Logger, silentLogger } from '../logger.js';
import type { CacheHit, CacheSetOptions, CacheStore, InvalidationListener } from './cache-store.js';
import { RedisCacheError, type RedisCacheOperation } from './redis-cache-error.js';
import { GET_SCRIPT, INVALIDATE_SCRIPT, NEXT_SEQUENCE_SCRIPT, SET_SCRIPT } from './redis-cache-scripts.js';
import {
  type ConfirmationMessage,
  InvalidationConfirmations,
  type InvalidationMessage,
} from './redis-invalidation-confirmations.js';
import { redisTarget, urlSecrets, withoutSecrets } from './redis-url.js';

/** Options of {@link RedisCacheStore}. */
export interface RedisCacheStoreOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…`; never logged with its credentials. */
  readonly url: string;
  /** Upper bound of the stored values (bytes of their JSON), shared by every instance on the prefix. */
  readonly maxBytes: number;
  /** Namespace of every key and channel, so that several deployments can share one Redis. */
  readonly prefix?: string;
  /** Where the store reports a burst of Redis failures (once) and the recovery. Default: silent. */
  readonly logger?: Logger;
  /** A command without an answer after this long fails (default 2,000 ms). */
  readonly commandTimeoutMs?: number;
  /** How long an invalidation waits for every subscribed instance to confirm it (default 2,000 ms). */
  readonly confirmTimeoutMs?: number;
  /**
   * Bound of the local copies (bytes of JSON) kept to skip sending and parsing a value that Redis
   * confirms unchanged; every read still asks Redis. Default: 32 MiB or `maxBytes`, the smaller.
   */
  readonly localCopyBytes?: number;
}

/** The default key prefix. */
export const DEFAULT_REDIS_PREFIX = 'runtime-catalog:';

type ScriptArgument = string | number;
/** A miss, a value with its version, or "your local copy is the stored value". */
type GetReply = [0] | [1, string, string] | [2];

/** A value as this instance last read or wrote it, with the version Redis gave it. */
interface LocalCopy {
  readonly version: string;
  readonly value: unknown;
  readonly bytes: number;
}

/** The commands that `defineCommand` adds: each runs one script of redis-cache-scripts.ts. */
interface CacheScripts {
  catalogNextSequence(state: string, lru: string, prefix: string, seen: string): Promise<number>;
  catalogGet(state: string, lru: string, prefix: string, seen: string, key: string, version: string): Promise<GetReply>;
  catalogSet(
    state: string,
    lru: string,
    prefix: string,
    seen: string,
    ...args: ScriptArgument[]
  ): Promise<[0] | [1, string]>;
  catalogInvalidate(
    state: string,
    lru: string,
    prefix: string,
    seen: string,
    ...args: string[]
  ): Promise<[number, number]>;
}

/**
 * The shared store for several host instances (design.md: `REDIS_URL`), on ioredis:
 * - sequences, tag invalidations, entries and the byte-bounded LRU live in Redis, each operation
 *   one Lua script (check and write are atomic with respect to any instance's invalidation);
 * - an invalidation is published on a pub/sub channel; every instance's subscriber connection
 *   tells its listeners (TaggedCache drops its loads in flight) and confirms, and
 *   `invalidateTags` resolves only once every subscribed instance confirmed;
 * - Redis unreachable: every operation rejects at once with {@link RedisCacheError}, the logger
 *   gets one line per burst of failures, and the connections reconnect in the background; the
 *   subscriber subscribes again by our code on every reconnection (never an unhandled rejection).
 */
export class RedisCacheStore implements CacheStore {
  readonly #client: Redis & CacheScripts;
  readonly #subscriber: Redis;
  readonly #prefix: string;
  readonly #keys: { readonly state: string; readonly lru: string };
  readonly #channels: { readonly invalidations: string; readonly confirmations: string };
  readonly #maxBytes: number;
  readonly #logger: Logger;
  readonly #target: string;
  readonly #secrets: readonly string[];
  readonly #confirmTimeoutMs: number;
  readonly #instanceId = randomUUID();
  readonly #listeners = new Set<InvalidationListener>();
  readonly #confirmations = new InvalidationConfirmations();
  readonly #copies: LRUCache<string, LocalCopy>;
  readonly #reads = new Map<string, Promise<CacheHit | undefined>>();
  #connected = false;
  #healthy = true;
  #lastError: unknown;
  /** Whether the subscriber connection is subscribed to both channels now. */
  #listening = false;
  /**
   * The highest sequence this instance has seen (handed out, a stored version, an invalidation's
   * sequence heard on the bus). Every script gets it: a Redis whose last sequence is below it
   * went back in time (a restart from an older snapshot, a promoted lagging replica) and voids
   * everything it holds (issue #16, defect 2; docs/cache.md).
   */
  #seen = 0;
  /** Changes each time the subscriber connection closes: see {@link busEpoch}. */
  #busEpoch = 0;
  /** The subscription started by the subscriber's last `ready`: resolves to whether it succeeded. */
  #subscription: Promise<boolean> = Promise.resolve(false);
  readonly #listeningWaiters = new Set<() => void>();

  constructor(options: RedisCacheStoreOptions) {
    this.#prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
    this.#keys = { state: `${this.#prefix}state`, lru: `${this.#prefix}lru` };
    this.#channels = {
      invalidations: `${this.#prefix}invalidations`,
      confirmations: `${this.#prefix}confirmations`,
    };
    this.#maxBytes = options.maxBytes;
    this.#logger = options.logger ?? silentLogger;
    this.#confirmTimeoutMs = options.confirmTimeoutMs ?? 2_000;
    this.#target = redisTarget(options.url);
    const copyBytes = Math.max(1, options.localCopyBytes ?? Math.min(options.maxBytes, 32 * 1024 * 1024));
    this.#copies = new LRUCache<string, LocalCopy>({
      maxSize: copyBytes,
      maxEntrySize: copyBytes,
      sizeCalculation: (copy) => Math.max(1, copy.bytes),
    });
    this.#secrets = urlSecrets(options.url);
    const client = new Redis(options.url, {
      lazyConnect: true,
      // Fail fast instead of queueing: a request gets its 503 now, not after reconnection attempts.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 2_000,
      connectTimeout: 5_000,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      enableAutoPipelining: true,
    });
    client.defineCommand('catalogNextSequence', { numberOfKeys: 2, lua: NEXT_SEQUENCE_SCRIPT });
    client.defineCommand('catalogGet', { numberOfKeys: 2, lua: GET_SCRIPT });
    client.defineCommand('catalogSet', { numberOfKeys: 2, lua: SET_SCRIPT });
    client.defineCommand('catalogInvalidate', { numberOfKeys: 2, lua: INVALIDATE_SCRIPT });
    this.#client = client as Redis & CacheScripts;
    // ioredis's own re-subscription after a reconnection does not handle its command's failure:
    // a connection cut again while it re-subscribes (Redis restarting, a network flap, `CLIENT
    // KILL TYPE pubsub`) rejected unhandled and ended the process. We subscribe on every `ready`.
    this.#subscriber = client.duplicate({ autoResubscribe: false });
    for (const connection of [this.#client, this.#subscriber]) {
      // Without a listener ioredis prints every error itself; we report bursts once instead.
      connection.on('error', (error: unknown) => this.#failed(error));
    }
    this.#client.on('ready', () => this.#succeeded());
    this.#subscriber.on('ready', () => {
      this.#subscription = this.#subscribe();
    });
    this.#subscriber.on('close', () => {
      this.#listening = false;
      // Invalidations published from now until it subscribed again may never reach us.
      this.#busEpoch += 1;
      this.#reads.clear();
    });
    this.#subscriber.on('message', (channel: string, message: string) => {
      try {
        this.#received(channel, message);
      } catch {
        // Not one of ours (someone else published on the channel): nothing to do.
      }
    });
  }

  /**
   * Connects both connections and subscribes. Rejects with a {@link RedisCacheError}
   * (`connect`, naming the server without credentials) when Redis cannot be reached now.
   */
  async connect(): Promise<void> {
    const results = await Promise.allSettled([this.#client.connect(), this.#subscriber.connect()]);
    const failure = results.find((result) => result.status === 'rejected');
    try {
      if (failure !== undefined) throw this.#lastError ?? failure.reason;
      // The subscriber's `ready` (before `connect` resolved) started the subscription.
      if (!(await this.#subscription)) throw this.#lastError;
    } catch (error) {
      this.#client.disconnect();
      this.#subscriber.disconnect();
      throw new RedisCacheError('connect', `Cannot connect to Redis at ${this.#target}: ${this.#describe(error)}`, {
        cause: error,
      });
    }
    this.#connected = true;
    this.#healthy = true;
  }

  /** Resolves once both connections are ready again and the subscriber listens (after a reconnection, say). */
  async ready(): Promise<void> {
    if (this.#client.status !== 'ready') await new Promise((resolve) => this.#client.once('ready', resolve));
    if (!this.#listening) await new Promise<void>((resolve) => this.#listeningWaiters.add(resolve));
  }

  /**
   * Whether the subscriber connection is subscribed to the invalidations now, as far as this
   * process can tell: false from the moment that connection closes until it subscribed again (a
   * half-open connection shows only once it closes).
   */
  get listening(): boolean {
    return this.#listening;
  }

  async nextSequence(): Promise<number> {
    const sequence = await this.#run('nextSequence', () =>
      this.#client.catalogNextSequence(this.#keys.state, this.#keys.lru, this.#prefix, this.#seenArg()),
    );
    this.#see(sequence);
    return sequence;
  }

  /**
   * The bus epoch (CacheStore.busEpoch): a number that stays the same only while this instance
   * provably hears every invalidation (subscribed, and not closed since); undefined while it is
   * not subscribed. A load or read in flight may be joined only within one epoch (defect 3).
   */
  busEpoch(): number | undefined {
    return this.#listening ? this.#busEpoch : undefined;
  }

  /** The highest sequence seen, as the scripts' ARGV[2]. */
  #seenArg(): string {
    return String(this.#seen);
  }

  #see(sequence: number | string | undefined): void {
    const value = Number(sequence);
    if (Number.isSafeInteger(value) && value > this.#seen) this.#seen = value;
  }

  /**
   * Every read asks Redis (so an invalidation holds at once); when this instance's local copy is
   * still the stored version, Redis answers without the value, and the copy (the same object as
   * before, like the memory store's) is returned without parsing. Concurrent reads of one key
   * share one round trip (a cold whole catalog reads the catalog once per package at once); an
   * invalidation seen here ends the sharing, so no read that starts after it joins an older one.
   */
  get(key: string): Promise<CacheHit | undefined> {
    const shared = this.#reads.get(key);
    if (shared !== undefined) return shared;
    const read = this.#read(key).finally(() => {
      if (this.#reads.get(key) === read) this.#reads.delete(key);
    });
    // Shared only while every invalidation provably reaches us (the bus epoch); the subscriber's
    // close clears the sharing too.
    if (this.#listening) this.#reads.set(key, read);
    return read;
  }

  async #read(key: string): Promise<CacheHit | undefined> {
    const copy = this.#copies.get(key);
    const found = await this.#run('get', () =>
      this.#client.catalogGet(
        this.#keys.state,
        this.#keys.lru,
        this.#prefix,
        this.#seenArg(),
        key,
        copy?.version ?? '',
      ),
    );
    if (found[0] === 2 && copy !== undefined) return { value: copy.value };
    if (found[0] !== 1) {
      this.#copies.delete(key);
      return undefined;
    }
    this.#see(found[2]);
    const value: unknown = JSON.parse(found[1]);
    this.#copies.set(key, { version: found[2], value, bytes: found[1].length });
    return { value };
  }

  async set(key: string, value: unknown, options: CacheSetOptions): Promise<boolean> {
    const json = JSON.stringify(value) ?? 'null';
    // The script checks the size too; this spares Redis a value it would refuse.
    if (Buffer.byteLength(json) > this.#maxBytes) return false;
    const tags = JSON.stringify([...new Set(options.tags)]);
    const stored = await this.#run('set', () =>
      this.#client.catalogSet(
        this.#keys.state,
        this.#keys.lru,
        this.#prefix,
        this.#seenArg(),
        key,
        json,
        options.sequence,
        tags,
        this.#maxBytes,
      ),
    );
    if (stored[0] !== 1) return false;
    this.#see(stored[1]);
    this.#copies.set(key, { version: stored[1], value, bytes: json.length });
    return true;
  }

  async invalidateTags(tags: readonly string[]): Promise<void> {
    const id = randomUUID();
    const message: InvalidationMessage = { from: this.#instanceId, id, tags };
    this.#confirmations.open(id);
    let receivers: number;
    let sequence: number;
    try {
      [sequence, receivers] = await this.#run('invalidateTags', () =>
        this.#client.catalogInvalidate(
          this.#keys.state,
          this.#keys.lru,
          this.#prefix,
          this.#seenArg(),
          this.#channels.invalidations,
          JSON.stringify(message),
          ...tags,
        ),
      );
    } catch (error) {
      this.#confirmations.close(id);
      throw error;
    }
    this.#see(sequence);
    this.#notify(tags);
    // Every subscriber reached (this instance's own included) confirms once its listeners ran:
    // only then has no instance a load in flight that a later request could join. Fails closed:
    // an invalidation that not every instance confirmed in time is not answered 200.
    const missing = await this.#confirmations.wait(id, receivers, this.#confirmTimeoutMs);
    if (missing > 0) {
      this.#logger.warn(`cache invalidation not confirmed in time by ${missing} of ${receivers} subscribers`);
      throw new RedisCacheError('invalidateTags');
    }
  }

  onInvalidate(listener: InvalidationListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Quits both connections (or drops them when they are not connected); resolves once they are closed. */
  async close(): Promise<void> {
    this.#listeners.clear();
    this.#copies.clear();
    this.#connected = false;
    await Promise.all(
      [this.#client, this.#subscriber].map(async (connection) => {
        if (connection.status !== 'ready') return connection.disconnect();
        const ended = new Promise((resolve) => connection.once('end', resolve));
        await connection.quit().catch(() => connection.disconnect());
        await ended;
      }),
    );
  }

  /**
   * Subscribes the (re)connected subscriber to both channels. Never rejects: a failure is one
   * more Redis failure (logged once per burst); a subscriber that stays connected without being
   * subscribed (the command timed out) is dropped, so that its reconnection subscribes again.
   */
  async #subscribe(): Promise<boolean> {
    try {
      await this.#subscriber.subscribe(this.#channels.invalidations, this.#channels.confirmations);
    } catch (error) {
      this.#failed(error);
      if (this.#connected && this.#subscriber.status === 'ready') this.#subscriber.disconnect(true);
      return false;
    }
    this.#listening = true;
    for (const wake of this.#listeningWaiters) wake();
    this.#listeningWaiters.clear();
    return true;
  }

  #received(channel: string, raw: string): void {
    if (channel === this.#channels.confirmations) {
      const confirmation = JSON.parse(raw) as ConfirmationMessage;
      if (confirmation.to === this.#instanceId) this.#confirmations.confirm(confirmation.id);
      return;
    }
    if (channel !== this.#channels.invalidations) return;
    const message = JSON.parse(raw) as InvalidationMessage & { seq?: string };
    this.#see(message.seq);
    // Our own: the listeners ran when the script answered; our subscriber confirms it as read.
    if (message.from === this.#instanceId) {
      this.#confirmations.confirm(message.id);
      return;
    }
    this.#notify(message.tags);
    const confirmation: ConfirmationMessage = { to: message.from, id: message.id };
    this.#client.publish(this.#channels.confirmations, JSON.stringify(confirmation)).catch((error: unknown) => {
      this.#failed(error);
    });
  }

  #notify(tags: readonly string[]): void {
    this.#reads.clear();
    for (const listener of this.#listeners) listener(tags);
  }

  async #run<T>(operation: RedisCacheOperation, command: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await command();
    } catch (error) {
      this.#failed(error);
      throw new RedisCacheError(operation, undefined, { cause: error });
    }
    this.#succeeded();
    return result;
  }

  /** One line per burst of failures (none before the first successful connect: the caller reports that). */
  #failed(error: unknown): void {
    this.#lastError = error;
    if (!this.#connected || !this.#healthy) return;
    this.#healthy = false;
    this.#logger.error(`Redis cache unavailable at ${this.#target}: ${this.#describe(error)}`);
  }

  #succeeded(): void {
    if (!this.#connected || this.#healthy) return;
    this.#healthy = true;
    this.#logger.info(`Redis cache available again at ${this.#target}`);
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
