import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { restoreFastStringPrototype } from '../internal/restore-fast-string-prototype.js';
import { type Logger, silentLogger } from '../logger.js';
import { BusLease } from './bus-lease.js';
import type {
  BusStatus,
  CacheHit,
  CacheSetOptions,
  CacheStore,
  InvalidationListener,
  LoadClaim,
} from './cache-store.js';
import { LoadClaimWaiters } from './load-claim-waiters.js';
import { RedisCacheError, type RedisCacheOperation } from './redis-cache-error.js';
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
import {
  type ConfirmationMessage,
  InvalidationConfirmations,
  type InvalidationMessage,
} from './redis-invalidation-confirmations.js';
import { redisTarget, urlSecrets, withoutSecrets } from './redis-url.js';

// Loading ioredis left String.prototype a dictionary in V8: the host's string calls went generic.
restoreFastStringPrototype();

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

type ScriptArgument = string | number;
/** A miss, a value with its version, or "your local copy is the stored value". */
type GetReply = [0] | [1, string, string] | [2];

/** A value as this instance last read or wrote it, with the version Redis gave it. */
interface LocalCopy {
  readonly version: string;
  readonly value: unknown;
  readonly bytes: number;
  /**
   * The invalidation generation in which Redis last vouched for this copy (a read or write
   * answered with no invalidation heard and no subscriber close in between), or -1. Only a copy
   * of the current generation is answered from memory, and only under the bus lease.
   */
  generation: number;
}

/** Extra wait for an unconfirmed lease holder, over the lease: covers clock-rate drift. */
const LEASE_MARGIN_MS = 50;
/** How much longer than a lease a member's registration counts (in Redis's clock). */
const REGISTRATION_SLACK_MS = 2_000;
/** At most this many keys served from memory are sent with one heartbeat to refresh Redis's LRU. */
const TOUCHES_PER_HEARTBEAT = 1_000;

/** One script as `defineCommand` adds it: the state key, the LRU key, the prefix, the highest sequence seen, then its own arguments. */
type Script<Args extends ScriptArgument[], Result> = (
  state: string,
  lru: string,
  prefix: string,
  seen: string,
  ...args: Args
) => Promise<Result>;

/** The commands that `defineCommand` adds: each runs one script of redis-cache-scripts.ts. */
interface CacheScripts {
  catalogNextSequence: Script<[], number>;
  catalogGet: Script<[key: string, version: string], GetReply>;
  catalogSet: Script<ScriptArgument[], [0] | [1, string]>;
  catalogInvalidate: Script<ScriptArgument[], [number, string[], 0 | 1]>;
  catalogHeartbeat: Script<ScriptArgument[], number>;
  catalogLeave: Script<[id: string], number>;
  catalogClaimLoad: Script<[key: string, token: string, ms: number], [1] | [0, number]>;
  catalogRenewLoad: Script<[key: string, token: string, ms: number], number>;
  catalogReleaseLoad: Script<[key: string, token: string, channel: string], number>;
}

/**
 * The shared store for several host instances (docs/design.md: `REDIS_URL`), on ioredis:
 * - sequences, tag invalidations, entries and the byte-bounded LRU live in Redis, each operation
 *   one Lua script (check and write are atomic with respect to any instance's invalidation);
 * - an invalidation is published on a pub/sub channel; every instance's subscriber connection
 *   tells its listeners (TaggedCache drops its loads in flight) and confirms, and
 *   `invalidateTags` resolves only once every instance that may hold a bus lease confirmed or
 *   its lease ran out;
 * - while its bus lease holds (heartbeats answered on the subscriber connection), a warm read is
 *   answered from this instance's memory with no round trip (`peek`);
 * - a cold key is loaded once for the whole cluster (`claimLoad`);
 * - Redis unreachable: every operation rejects at once with {@link RedisCacheError}, the logger
 *   gets one line per burst of failures, and the connections reconnect in the background; the
 *   subscriber subscribes again by our code on every reconnection (never an unhandled rejection).
 */
export class RedisCacheStore implements CacheStore {
  readonly #client: Redis & CacheScripts;
  readonly #subscriber: Redis;
  readonly #prefix: string;
  readonly #keys: { readonly state: string; readonly lru: string };
  readonly #channels: { readonly invalidations: string; readonly confirmations: string; readonly loads: string };
  readonly #maxBytes: number;
  readonly #logger: Logger;
  readonly #target: string;
  readonly #secrets: readonly string[];
  readonly #lease: BusLease;
  readonly #loadClaimMs: number;
  readonly #registrationWindowMs: number;
  readonly #claimWaiters = new LoadClaimWaiters();
  readonly #instanceId = randomUUID();
  readonly #listeners = new Set<InvalidationListener>();
  readonly #confirmations = new InvalidationConfirmations();
  readonly #copies: LRUCache<string, LocalCopy>;
  readonly #reads = new Map<string, Promise<CacheHit | undefined>>();
  /** Bumped by every invalidation heard or made here and by every subscriber close (LocalCopy.generation). */
  #generation = 0;
  /** Keys answered from memory since the last heartbeat: their LRU position in Redis is refreshed. */
  readonly #touched = new Set<string>();
  #heartbeatTimer: NodeJS.Timeout | undefined;
  /** The renewal timers of the load claims this instance holds (cleared on close: it dies with them). */
  readonly #renewals = new Set<NodeJS.Timeout>();
  #heartbeating = false;
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
      loads: `${this.#prefix}loads`,
    };
    this.#maxBytes = options.maxBytes;
    this.#logger = options.logger ?? silentLogger;
    this.#lease = new BusLease(options.leaseMs ?? 1_000);
    this.#loadClaimMs = options.loadClaimMs ?? 2_000;
    this.#registrationWindowMs = this.#lease.leaseMs + REGISTRATION_SLACK_MS;
    this.#target = redisTarget(options.url);
    const copyBytes = Math.max(1, options.localCopyBytes ?? Math.min(options.maxBytes, 32 * 1024 * 1024));
    this.#copies = new LRUCache<string, LocalCopy>({
      maxSize: copyBytes,
      maxEntrySize: copyBytes,
      sizeCalculation: (copy) => Math.max(1, copy.bytes),
    });
    this.#secrets = urlSecrets(options.url);
    const client = new Redis(options.url, {
      // CLIENT LIST names each connection by its instance (P members lists the same ids).
      connectionName: `catalog-host:${this.#instanceId}:commands`,
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
    client.defineCommand('catalogHeartbeat', { numberOfKeys: 2, lua: HEARTBEAT_SCRIPT });
    client.defineCommand('catalogLeave', { numberOfKeys: 2, lua: LEAVE_SCRIPT });
    client.defineCommand('catalogClaimLoad', { numberOfKeys: 2, lua: CLAIM_LOAD_SCRIPT });
    client.defineCommand('catalogRenewLoad', { numberOfKeys: 2, lua: RENEW_LOAD_SCRIPT });
    client.defineCommand('catalogReleaseLoad', { numberOfKeys: 2, lua: RELEASE_LOAD_SCRIPT });
    this.#client = client as Redis & CacheScripts;
    // ioredis's own re-subscription after a reconnection does not handle its command's failure:
    // a connection cut again while it re-subscribes (Redis restarting, a network flap, `CLIENT
    // KILL TYPE pubsub`) rejected unhandled and ended the process. We subscribe on every `ready`.
    this.#subscriber = client.duplicate({
      autoResubscribe: false,
      connectionName: `catalog-host:${this.#instanceId}:subscriber`,
    });
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
      // Invalidations published from now until it subscribed again may never reach us: no copy,
      // load or read from before is trusted without asking Redis again.
      this.#busEpoch += 1;
      this.#generation += 1;
      this.#lease.revoke();
      this.#reads.clear();
      this.#claimWaiters.releaseAll();
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
    // The first lease before the first request; then 4 heartbeats a lease.
    await this.#heartbeat();
    if (!this.#connected) return; // closed meanwhile
    this.#heartbeatTimer = setInterval(() => void this.#heartbeat(), Math.max(10, this.#lease.leaseMs / 4));
    this.#heartbeatTimer.unref();
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
  /** This instance's id: its entry in `P members`, and the name of its connections in CLIENT LIST. */
  get instanceId(): string {
    return this.#instanceId;
  }

  get listening(): boolean {
    return this.#listening;
  }

  /**
   * Whether this instance provably hears every invalidation now (its bus lease holds), and so
   * answers warm reads from memory; otherwise every read asks Redis.
   */
  get leaseHeld(): boolean {
    return this.#listening && this.#lease.held();
  }

  busStatus(): BusStatus {
    return { listening: this.#listening, leaseHeld: this.leaseHeld };
  }

  async nextSequence(): Promise<number> {
    const sequence = await this.#run('nextSequence', () => this.#client.catalogNextSequence(...this.#scriptKeys()));
    this.#see(sequence);
    return sequence;
  }

  /**
   * The bus epoch (CacheStore.busEpoch): a number that stays the same only while this instance
   * provably hears every invalidation (subscribed, and not closed since); undefined while it is
   * not subscribed. A load or read in flight may be joined only within one epoch (defect 3).
   */
  busEpoch(): number | undefined {
    return this.leaseHeld ? this.#busEpoch : undefined;
  }

  /**
   * A warm read from memory, with no Redis round trip: only under the bus lease, and only a copy
   * that Redis vouched for since the last invalidation this instance heard (issue #16, item 4).
   */
  peek(key: string): CacheHit | undefined {
    if (!this.#lease.held()) return undefined;
    const copy = this.#copies.get(key);
    if (copy === undefined || copy.generation !== this.#generation || !this.#listening) return undefined;
    if (this.#touched.size < TOUCHES_PER_HEARTBEAT) this.#touched.add(key);
    return { value: copy.value };
  }

  /** What every script gets first: its two keys, the prefix and the highest sequence seen. */
  #scriptKeys(): [state: string, lru: string, prefix: string, seen: string] {
    return [this.#keys.state, this.#keys.lru, this.#prefix, this.#seenArg()];
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
    if (shared !== undefined && this.leaseHeld) return shared;
    const read = this.#read(key).finally(() => {
      if (this.#reads.get(key) === read) this.#reads.delete(key);
    });
    // Shared only while every invalidation provably reaches us (the bus lease); an invalidation
    // heard and the subscriber's close clear the sharing too.
    if (this.leaseHeld) this.#reads.set(key, read);
    return read;
  }

  async #read(key: string): Promise<CacheHit | undefined> {
    const copy = this.#copies.get(key);
    const generation = this.#generation;
    const found = await this.#run('get', () =>
      this.#client.catalogGet(...this.#scriptKeys(), key, copy?.version ?? ''),
    );
    if (found[0] === 2 && copy !== undefined) {
      copy.generation = this.#vouched(generation);
      return { value: copy.value };
    }
    if (found[0] !== 1) {
      this.#copies.delete(key);
      return undefined;
    }
    this.#see(found[2]);
    const value: unknown = JSON.parse(found[1]);
    this.#copies.set(key, { version: found[2], value, bytes: found[1].length, generation: this.#vouched(generation) });
    return { value };
  }

  async set(key: string, value: unknown, options: CacheSetOptions): Promise<boolean> {
    const json = JSON.stringify(value) ?? 'null';
    // The script checks the size too; this spares Redis a value it would refuse.
    if (Buffer.byteLength(json) > this.#maxBytes) return false;
    const tags = JSON.stringify([...new Set(options.tags)]);
    const generation = this.#generation;
    const stored = await this.#run('set', () =>
      this.#client.catalogSet(...this.#scriptKeys(), key, json, options.sequence, tags, this.#maxBytes),
    );
    if (stored[0] !== 1) return false;
    this.#see(stored[1]);
    this.#copies.set(key, { version: stored[1], value, bytes: json.length, generation: this.#vouched(generation) });
    return true;
  }

  async invalidateTags(tags: readonly string[]): Promise<void> {
    const id = randomUUID();
    const message: InvalidationMessage = { from: this.#instanceId, id, tags };
    this.#confirmations.open(id);
    let members: string[];
    let sequence: number;
    let incomplete: 0 | 1;
    try {
      [sequence, members, incomplete] = await this.#run('invalidateTags', () =>
        this.#client.catalogInvalidate(
          ...this.#scriptKeys(),
          this.#channels.invalidations,
          JSON.stringify(message),
          this.#registrationWindowMs,
          ...tags,
        ),
      );
    } catch (error) {
      this.#confirmations.close(id);
      throw error;
    }
    const answered = performance.now();
    this.#see(sequence);
    this.#notify(tags);
    // Every instance that may hold a bus lease (this one included) confirms once its listeners
    // ran. One that does not (cut off, half-open, stalled) is waited out: every lease it took
    // before the invalidation ran has ended a lease later, so it answers nothing from memory and
    // lets nobody join an older load; it asks Redis, which already holds the invalidation.
    const waitMs = this.#lease.leaseMs + LEASE_MARGIN_MS;
    const missing = await this.#confirmations.wait(id, members, waitMs);
    if (incomplete === 1) {
      // Redis lost the member set (or it just started): a lease holder may not be listed.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, waitMs - (performance.now() - answered))));
    }
    if (missing.length > 0) {
      this.#logger.warn(
        `cache invalidation: ${missing.length} of ${members.length} instances did not confirm; waited out their bus lease`,
      );
    }
  }

  /**
   * Claims the load of `key` for the cluster (issue #16, item 5). The claim expires by itself
   * after `loadClaimMs`; waiters wake at its release or by then.
   */
  async claimLoad(key: string): Promise<LoadClaim> {
    const token = randomUUID();
    const claim = await this.#run('claimLoad', () =>
      this.#client.catalogClaimLoad(...this.#scriptKeys(), key, token, this.#loadClaimMs),
    );
    if (claim[0] === 1) {
      // Extended while the load runs (a cold whole catalog takes seconds), so waiters keep
      // waiting for a holder that is alive; a holder that died lets go within loadClaimMs.
      const renewal = setInterval(() => {
        this.#client.catalogRenewLoad(...this.#scriptKeys(), key, token, this.#loadClaimMs).catch(() => undefined);
      }, this.#loadClaimMs / 3);
      renewal.unref();
      this.#renewals.add(renewal);
      return {
        held: true,
        release: async () => {
          clearInterval(renewal);
          this.#renewals.delete(renewal);
          await this.#run('releaseLoad', () =>
            this.#client.catalogReleaseLoad(...this.#scriptKeys(), key, token, this.#channels.loads),
          ).catch(() => undefined); // the claim expires by itself; the waiters wake by then
        },
      };
    }
    const remaining = claim[1] > 0 ? claim[1] : this.#loadClaimMs;
    return { held: false, released: this.#claimWaiters.wait(key, Math.min(remaining, this.#loadClaimMs) + 20) };
  }

  onInvalidate(listener: InvalidationListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Quits both connections (or drops them when they are not connected); resolves once they are closed. */
  async close(): Promise<void> {
    clearInterval(this.#heartbeatTimer);
    for (const renewal of this.#renewals) clearInterval(renewal);
    this.#renewals.clear();
    this.#listeners.clear();
    this.#copies.clear();
    this.#lease.revoke();
    // Others stop waiting for this instance's confirmations at once (best effort: its
    // registration runs out by itself otherwise).
    if (this.#connected && this.#client.status === 'ready') {
      await this.#client.catalogLeave(...this.#scriptKeys(), this.#instanceId).catch(() => undefined);
    }
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
      await this.#subscriber.subscribe(
        this.#channels.invalidations,
        this.#channels.confirmations,
        this.#channels.loads,
      );
    } catch (error) {
      this.#failed(error);
      if (this.#connected && this.#subscriber.status === 'ready') this.#subscriber.disconnect(true);
      return false;
    }
    // What Redis vouched for between the close and now was not under the bus: an invalidation
    // published meanwhile never reached us. Every copy needs Redis's word again.
    this.#generation += 1;
    this.#reads.clear();
    this.#listening = true;
    for (const wake of this.#listeningWaiters) wake();
    this.#listeningWaiters.clear();
    return true;
  }

  #received(channel: string, raw: string): void {
    if (channel === this.#channels.loads) {
      this.#claimWaiters.released(raw);
      return;
    }
    if (channel === this.#channels.confirmations) {
      const confirmation = JSON.parse(raw) as ConfirmationMessage;
      if (confirmation.to === this.#instanceId) this.#confirmations.confirm(confirmation.id, confirmation.from);
      return;
    }
    if (channel !== this.#channels.invalidations) return;
    const message = JSON.parse(raw) as InvalidationMessage & { seq?: string };
    this.#see(message.seq);
    // Our own: the listeners ran when the script answered; our subscriber confirms it as read.
    if (message.from === this.#instanceId) {
      // The listeners ran when the script answered (TaggedCache marked its flights even before);
      // if that answer was lost (a time-out, so a 503), the copies must still need Redis's word.
      this.#generation += 1;
      this.#reads.clear();
      this.#confirmations.confirm(message.id, this.#instanceId);
      return;
    }
    this.#notify(message.tags);
    const confirmation: ConfirmationMessage = { to: message.from, id: message.id, from: this.#instanceId };
    this.#client.publish(this.#channels.confirmations, JSON.stringify(confirmation)).catch((error: unknown) => {
      this.#failed(error);
    });
  }

  #notify(tags: readonly string[]): void {
    // Every copy needs Redis's word again (one "unchanged" round trip each): simpler than
    // tracking each copy's tags, and invalidations are rare, publisher-driven events.
    this.#generation += 1;
    this.#reads.clear();
    // Waiters for another instance's load re-check: a claim from before this is void.
    this.#claimWaiters.releaseAll();
    for (const listener of this.#listeners) listener(tags);
  }

  /** The generation a copy read or written from `generation` on is vouched for in (-1: an invalidation came between). */
  #vouched(generation: number): number {
    return generation === this.#generation ? generation : -1;
  }

  /**
   * One heartbeat: registers this instance as a member (and refreshes the LRU position of the
   * keys it answered from memory), then PINGs on the subscriber connection; the answer extends
   * the bus lease from the moment the PING was sent (BusLease). Never rejects. A PING without
   * answer (a half-open subscriber connection) drops that connection, so that it reconnects and
   * subscribes again.
   */
  async #heartbeat(): Promise<void> {
    if (this.#heartbeating || !this.#listening) return;
    this.#heartbeating = true;
    const epoch = this.#busEpoch;
    const touched = [...this.#touched];
    this.#touched.clear();
    try {
      const registering = performance.now();
      await this.#run('heartbeat', () =>
        this.#client.catalogHeartbeat(...this.#scriptKeys(), this.#instanceId, this.#registrationWindowMs, ...touched),
      );
      const sentAt = performance.now();
      // A registration answered this late may be close to the end of its window in Redis's clock.
      if (sentAt - registering > REGISTRATION_SLACK_MS / 2) return;
      try {
        await this.#subscriber.ping();
      } catch (error) {
        this.#failed(error);
        if (epoch === this.#busEpoch && this.#subscriber.status === 'ready') this.#subscriber.disconnect(true);
        return;
      }
      if (epoch === this.#busEpoch && this.#listening) this.#lease.extend(sentAt);
    } catch {
      // Redis failed: reported by #run; the lease runs out by itself.
    } finally {
      this.#heartbeating = false;
    }
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
