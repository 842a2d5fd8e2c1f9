import type { CacheKind, CacheObserver } from './cache-observer.js';
import type { CacheStore, SharedCacheStore } from './cache-store.js';

/** Handed to a loader: it may add tags it discovers while loading, or keep its result out of the cache. */
export interface LoadContext {
  /** The tags the value will be stored with; a loader may add to them before it resolves. */
  readonly tags: Set<string>;
  /** Answers the callers with the result but stores nothing (a partial build, say). */
  skipStore(): void;
}

/** Rounds a caller waits for other instances' loads of one key before it loads regardless. */
const MAX_CLAIM_WAITS = 8;

interface Flight {
  promise: Promise<unknown>;
  readonly tags: Set<string>;
  /** Set by an invalidation of one of `tags`: later callers start a new load instead of joining. */
  invalidated: boolean;
  /** The shared store's bus epoch when the load started (SharedCacheStore.busEpoch); undefined in process. */
  readonly epoch: number | undefined;
}

/**
 * Read-through cache with tags over a {@link CacheStore}:
 * - one load per key at a time in this process (concurrent cold callers share it);
 * - a load that an invalidation overtakes still answers its callers but is never stored
 *   (the store refuses it by sequence), and nobody joins it after the invalidation;
 * - a failed load stores nothing and is not remembered;
 * - over a store shared by several processes, one load per key for the whole cluster.
 */
export class TaggedCache {
  readonly #store: CacheStore;
  readonly #shared: SharedCacheStore | undefined;
  readonly #flights = new Map<string, Flight>();
  readonly #unsubscribe: () => void;
  readonly #observer: CacheObserver | undefined;

  /** `observer` hears of every lookup and every wait on another instance's load (the metrics). */
  constructor(store: CacheStore, observer?: CacheObserver) {
    this.#store = store;
    this.#shared = store.shared;
    this.#observer = observer;
    this.#unsubscribe = store.onInvalidate((tags) => this.#invalidateFlights(tags));
  }

  /** The store underneath. */
  get store(): CacheStore {
    return this.#store;
  }

  /**
   * The value this process holds for `key` now, without a promise (the in-process store, or
   * Redis's local copies under the bus lease), counted as a hit of `kind`;
   * undefined, and nothing counted, when it holds none: the caller goes on with {@link getOrLoad}.
   */
  peek<T>(key: string, kind: CacheKind): T | undefined {
    const peeked = this.#store.peek(key);
    if (peeked === undefined) return undefined;
    this.#observer?.lookup(kind, true);
    return peeked.value as T;
  }

  /**
   * The cached value of `key`, or the result of `load` (stored with `tags` unless invalidated
   * meanwhile). `tags` may be a function: it is then called only on a miss, keeping hits cheap.
   * `kind` names what the key is for the metrics' hit and miss counts.
   */
  getOrLoad<T>(
    key: string,
    tags: Iterable<string> | (() => Iterable<string>),
    load: (context: LoadContext) => Promise<T>,
    kind: CacheKind = 'artifact',
  ): Promise<T> {
    // Warm path: a value held in this process is answered without a round of promises.
    const peeked = this.#store.peek(key);
    if (peeked !== undefined) {
      this.#observer?.lookup(kind, true);
      return Promise.resolve(peeked.value as T);
    }
    return this.#getOrLoad(key, tags, load, kind);
  }

  async #getOrLoad<T>(
    key: string,
    tags: Iterable<string> | (() => Iterable<string>),
    load: (context: LoadContext) => Promise<T>,
    kind: CacheKind,
  ): Promise<T> {
    const joined = this.#flights.get(key);
    if (joined !== undefined && this.#joinable(joined)) {
      this.#observer?.lookup(kind, false);
      return joined.promise as Promise<T>;
    }
    const hit = await this.#store.get(key);
    this.#observer?.lookup(kind, hit !== undefined);
    if (hit !== undefined) return hit.value as T;
    // Another caller may have started the load while we read the store.
    const current = this.#flights.get(key);
    if (current !== undefined && this.#joinable(current)) return current.promise as Promise<T>;
    return this.#startFlight(key, new Set(typeof tags === 'function' ? tags() : tags), load);
  }

  /**
   * Whether a new caller may share `flight`: not invalidated, and (for a store shared between
   * processes) this process has provably heard every invalidation since the load started, so an
   * invalidation that another instance answered 200 for cannot have overtaken it unseen.
   * Otherwise the caller reads the store and loads for itself.
   */
  #joinable(flight: Flight): boolean {
    if (flight.invalidated) return false;
    if (this.#shared === undefined) return true;
    const epoch = this.#shared.busEpoch();
    return epoch !== undefined && epoch === flight.epoch;
  }

  /** Invalidates `tags` in the store (for every instance sharing it) and in the loads in flight here. */
  async invalidate(tags: readonly string[]): Promise<void> {
    this.#invalidateFlights(tags);
    await this.#store.invalidateTags(tags);
  }

  /** Stops listening to the store; the store itself is closed by its owner. */
  dispose(): void {
    this.#unsubscribe();
  }

  #startFlight<T>(key: string, tags: Set<string>, load: (context: LoadContext) => Promise<T>): Promise<T> {
    const flight = { tags, invalidated: false, epoch: this.#shared?.busEpoch() } as Flight;
    this.#flights.set(key, flight);
    const promise = this.#fly(key, flight, load);
    flight.promise = promise;
    return promise;
  }

  async #fly<T>(key: string, flight: Flight, load: (context: LoadContext) => Promise<T>): Promise<T> {
    let skip = false;
    const context: LoadContext = {
      tags: flight.tags,
      skipStore: () => {
        skip = true;
      },
    };
    try {
      // A store shared by several processes loads each key once for the whole cluster: another
      // instance's load is waited for and its stored value read. When it stored nothing (its load
      // failed, an invalidation overtook it, it died), this one loads.
      const shared = this.#shared;
      let claim = await shared?.claimLoad(key);
      for (let waits = 1; claim !== undefined && !claim.held; waits += 1) {
        this.#observer?.claimWaited();
        await claim.released;
        const hit = await this.#store.get(key);
        if (hit !== undefined) return hit.value as T;
        // Nothing stored yet: the holder still loads (its claim is renewed), or stored nothing
        // (its load failed, an invalidation overtook it, it died and its claim expired). Claim
        // it, or wait for whoever holds it now; after MAX_CLAIM_WAITS rounds, load regardless.
        claim = waits < MAX_CLAIM_WAITS ? await shared?.claimLoad(key) : undefined;
      }
      try {
        // The sequence is taken before the load starts: an invalidation after this point wins.
        const sequence = await this.#store.nextSequence();
        const value = await load(context);
        if (!skip && !flight.invalidated) await this.#store.set(key, value, { tags: [...flight.tags], sequence });
        return value;
      } finally {
        if (claim?.held) await claim.release();
      }
    } finally {
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
    }
  }

  #invalidateFlights(tags: readonly string[]): void {
    for (const [key, flight] of this.#flights) {
      if (tags.some((tag) => flight.tags.has(tag))) {
        flight.invalidated = true;
        this.#flights.delete(key);
      }
    }
  }
}
