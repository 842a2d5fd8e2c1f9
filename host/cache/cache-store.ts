/** What {@link CacheStore.set} needs besides the key and value. */
export interface CacheSetOptions {
  /** Every tag that invalidates this entry (spec 3: artifact tag and package tag, at least). */
  readonly tags: readonly string[];
  /**
   * The store sequence taken when the load of this value started. A tag invalidated after that
   * point makes the set a no-op: a revalidation wins over a fetch in flight (design.md).
   */
  readonly sequence: number;
}

/** A cache hit. The wrapper lets `null` (an origin 404) be a cached value. */
export interface CacheHit {
  readonly value: unknown;
}

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
  /** Optional synchronous read, for stores that hold values in this process (the warm path). */
  peek?(key: string): CacheHit | undefined;
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
   * Stores shared between processes: a number that stays the same only while this process
   * provably hears every invalidation (its listeners run for each), undefined while it cannot
   * prove it. TaggedCache lets a caller join a load in flight only within the epoch the load
   * started in. Absent: every invalidation is heard (an in-process store).
   */
  busEpoch?(): number | undefined;
  /** Releases connections and timers. */
  close(): Promise<void>;
}
