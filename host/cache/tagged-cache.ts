import { HostError } from '../host-error.js';
import type { CacheKind, CacheObserver } from './cache-observer.js';
import type { CacheStore, LoadClaim, SharedCacheStore } from './cache-store.js';
import { UncachedLoads } from './uncached-loads.js';

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
 * - over a store shared by several processes, one load per key for the whole cluster;
 * - while a shared store cannot be used (Redis unreachable), every read loads from the origins,
 *   uncached, one load per key at a time, none shared with a caller that came after it started
 *   (uncached-loads.ts; docs/cache-outages.md "Degraded reads").
 */
export class TaggedCache {
  readonly #store: CacheStore;
  readonly #shared: SharedCacheStore | undefined;
  readonly #flights = new Map<string, Flight>();
  readonly #uncached = new UncachedLoads();
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
    if (this.#shared?.unavailableReason() !== undefined) {
      this.#observer?.lookup(kind, false);
      return this.#loadUncached(key, load);
    }
    const joined = this.#flights.get(key);
    if (joined !== undefined && this.#joinable(joined)) {
      this.#observer?.lookup(kind, false);
      return joined.promise as Promise<T>;
    }
    let hit: Awaited<ReturnType<CacheStore['get']>>;
    try {
      hit = await this.#store.get(key);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      this.#observer?.lookup(kind, false);
      return this.#loadUncached(key, load);
    }
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

  /** `load`, answered and never stored: the store cannot be used now. */
  #loadUncached<T>(key: string, load: (context: LoadContext) => Promise<T>): Promise<T> {
    return this.#uncached.load(key, () => load({ tags: new Set(), skipStore: () => {} }));
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
    // A store shared by several processes loads each key once for the whole cluster: another
    // instance's load is waited for and its stored value read. When it stored nothing (its load
    // failed, an invalidation overtook it, it died), this one loads.
    const shared = this.#shared;
    let claim: LoadClaim | undefined;
    let sequence: number;
    try {
      claim = await shared?.claimLoad(key);
      for (let waits = 1; claim !== undefined && !claim.held; waits += 1) {
        this.#observer?.claimWaited();
        await claim.released;
        const hit = await this.#store.get(key);
        if (hit !== undefined) {
          this.#land(key, flight);
          return hit.value as T;
        }
        // Nothing stored yet: the holder still loads (its claim is renewed), or stored nothing
        // (its load failed, an invalidation overtook it, it died and its claim expired). Claim
        // it, or wait for whoever holds it now; after MAX_CLAIM_WAITS rounds, load regardless.
        claim = waits < MAX_CLAIM_WAITS ? await shared?.claimLoad(key) : undefined;
      }
      // The sequence is taken before the load starts (with the claim, or now): an invalidation
      // after this point wins.
      sequence = claim?.held && claim.sequence !== undefined ? claim.sequence : await this.#store.nextSequence();
    } catch (error) {
      this.#land(key, flight, claim);
      if (!isStoreUnavailable(error)) throw error;
      // The store failed before the load started: the value is loaded uncached, like every read
      // while the store cannot be used, and nobody joins this flight any more.
      flight.invalidated = true;
      return this.#loadUncached(key, load);
    }
    let value: T;
    try {
      value = await load(context);
    } catch (error) {
      this.#land(key, flight, claim);
      throw error;
    }
    // The callers are answered now; the value is stored and the claim released behind them (a
    // shared store's write is a round trip). The flight stays joinable until then, and the
    // store's sequence guard refuses the write if an invalidation came after `sequence`.
    // A value kept out of the store (skipStore, an invalidation) is answered to its callers only.
    if (skip || flight.invalidated) this.#land(key, flight, claim);
    else this.#land(key, flight, claim, () => this.#store.set(key, value, { tags: [...flight.tags], sequence }));
    return value;
  }

  /**
   * Ends a flight. With `store` (a load that succeeded), behind its callers: the value is stored,
   * then the claim released, then the flight forgotten, so it stays joinable meanwhile; a value
   * that cannot be stored (the store unreachable, say) was answered all the same. Otherwise the
   * flight is forgotten at once (a failed load is not remembered) and the claim released behind.
   * A claim that cannot be released expires by itself (loadClaimMs).
   */
  #land(key: string, flight: Flight, claim?: LoadClaim, store?: () => Promise<unknown>): void {
    const forget = () => {
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
    };
    if (store === undefined) forget();
    const stored = store === undefined ? Promise.resolve() : Promise.resolve().then(store);
    void stored
      .catch(() => {})
      .then(() => (claim?.held ? claim.release() : undefined))
      .catch(() => {})
      .finally(forget);
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

/** Whether `error` says the store cannot be reached now (Redis: `RedisCacheError`, code `cache-unavailable`). */
function isStoreUnavailable(error: unknown): boolean {
  return error instanceof HostError && error.code === 'cache-unavailable';
}
