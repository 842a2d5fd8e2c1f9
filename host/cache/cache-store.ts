/** What {@link CacheStore.set} needs besides the key and value. */
export interface CacheSetOptions {
  /** Every tag that invalidates this entry (spec 3: artifact tag and package tag, at least). */
  readonly tags: readonly string[];
  /**
   * The store sequence taken when the load of this value started. A tag invalidated after that
   * point makes the set a no-op: a revalidation wins over a fetch in flight (docs/design.md).
   */
  readonly sequence: number;
}

/** A cache hit. The wrapper lets `null` (an origin 404) be a cached value. */
export interface CacheHit {
  /** The stored value (`null` included: an origin 404 is cached as null). */
  readonly value: unknown;
}

/**
 * A cluster-wide claim to load one key (stores shared between processes): the holder loads and
 * stores, the others wait for it and read what it stored.
 */
export type LoadClaim =
  | {
      readonly held: true;
      /**
       * A sequence the store took with the claim, before the load starts: the load's own (see
       * {@link CacheSetOptions.sequence}), which spares a round trip of `nextSequence`.
       */
      readonly sequence?: number;
      /** Gives the claim up (after the store's `set`), waking the instances that wait for it. */
      release(): Promise<void>;
    }
  | {
      readonly held: false;
      /** Resolves once the holder released its claim, or after a bounded wait (a holder that died). */
      readonly released: Promise<void>;
    };

/** See {@link SharedCacheStore.busStatus}. */
export interface BusStatus {
  readonly listening: boolean;
  readonly leaseHeld: boolean;
}

/**
 * Why a shared store cannot be used now (docs/cache-outages.md "Degraded reads"): Redis not connected,
 * its last command failed, or the invalidation bus not listening. Reads then go to the origins.
 */
export type StoreUnavailableReason = 'redis-disconnected' | 'redis-failing' | 'bus-not-listening';

/** Called with the tags of every invalidation, this process's and (for shared stores) others'. */
export type InvalidationListener = (tags: readonly string[]) => void;

/**
 * Storage behind {@link TaggedCache}: the in-process memory store, or a shared one (Redis).
 * Every implementation passes `cache-store.case.ts`. Values are JSON-serialisable.
 */
export interface CacheStore {
  /** A number greater than every sequence this store (and every instance sharing it) handed out before. */
  nextSequence(): Promise<number>;
  /** The value stored under `key`, or undefined. */
  get(key: string): Promise<CacheHit | undefined>;
  /**
   * The value this process holds for `key` now, without a promise (the warm path), or undefined:
   * the caller then goes through {@link CacheStore.get}. A store that holds nothing in the process
   * always answers undefined.
   */
  peek(key: string): CacheHit | undefined;
  /**
   * Stores `value` under `key` unless one of its tags was invalidated at or after
   * `options.sequence`, or the value alone is over the store's byte limit. Returns whether it was stored.
   */
  set(key: string, value: unknown, options: CacheSetOptions): Promise<boolean>;
  /** Drops every entry carrying any of `tags`; resolves only once the invalidation holds for every reader. */
  invalidateTags(tags: readonly string[]): Promise<void>;
  /** Subscribes to invalidations; returns the unsubscribe function. */
  onInvalidate(listener: InvalidationListener): () => void;
  /**
   * What the store does with the other processes sharing it; undefined for a store of this process
   * alone, which hears every invalidation, is always ready, and lets each process load for itself.
   */
  readonly shared: SharedCacheStore | undefined;
  /** Releases connections and timers. */
  close(): Promise<void>;
}

/**
 * What only a store shared between processes does (Redis): tell whether this instance hears every
 * invalidation, whether it can serve, and claim a load for the whole cluster. Reached through
 * {@link CacheStore.shared}.
 */
export interface SharedCacheStore {
  /**
   * A number that stays the same only while this process provably hears every invalidation (its
   * listeners run for each), undefined while it cannot prove it. TaggedCache lets a caller join a
   * load in flight only within the epoch the load started in.
   */
  busEpoch(): number | undefined;
  /**
   * Whether this instance hears the invalidation bus now (`GET /healthz` reports it). `listening`:
   * subscribed; `leaseHeld`: provably hearing every invalidation, so warm reads are answered from memory.
   */
  busStatus(): BusStatus;
  /**
   * Why the store cannot be used now, or undefined when it can. While it cannot, TaggedCache answers
   * every read from the origins, uncached, and `GET /readyz` says `degraded` (docs/cache-outages.md "Degraded reads").
   */
  unavailableReason(): StoreUnavailableReason | undefined;
  /** Claims the load of `key` for the whole cluster, or tells that another instance holds it. */
  claimLoad(key: string): Promise<LoadClaim>;
}
