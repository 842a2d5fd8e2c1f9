import { LRUCache } from 'lru-cache';
import type { CacheHit } from './cache-store.js';

// The values one instance of the Redis store read or wrote, kept in its memory (docs/cache.md
// "The Redis store" and "Warm reads from memory"). Redis holds the truth; a copy only spares
// sending and parsing a value that Redis confirms unchanged, and, under the bus lease, the round
// trip itself. Why a copy never outlives an invalidation:
//
// - Each copy carries the generation in which Redis last vouched for it (a read or write answered
//   with no invalidation heard and no subscriber close in between), or -1.
// - The generation moves (`invalidate`) with every invalidation heard or made here, every close of
//   the subscriber connection, and every new subscription: what Redis vouched for while the
//   instance was not subscribed proves nothing, since an invalidation published then never
//   reached it. Every copy then needs Redis's word again (one "unchanged" round trip each): simpler
//   than tracking each copy's tags, and invalidations are rare, publisher-driven events.
// - A read or write that started in an older generation vouches for nothing (`vouched`): an
//   invalidation came between its question and Redis's answer.
// - Only a copy of the current generation may answer from memory (`current`), and the store asks
//   for it only under the bus lease (invalidation-bus.ts).
// - Concurrent reads of one key share one round trip only while the caller says so (the store:
//   under the lease), and `invalidate` ends the sharing, so no read that starts after an
//   invalidation joins an older one.

/** A value as this instance last read or wrote it, with the version Redis gave it. */
export interface LocalCopy {
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

/** At most this many keys served from memory are kept for one heartbeat to refresh Redis's LRU. */
const TOUCHES_PER_HEARTBEAT = 1_000;

/** One instance's copies of the values Redis vouched for, bounded in bytes (least recently used first). */
export class LocalCopies {
  readonly #copies: LRUCache<string, LocalCopy>;
  readonly #reads = new Map<string, Promise<CacheHit | undefined>>();
  /** Bumped by every invalidation heard or made here and by every subscriber close and subscription. */
  #generation = 0;
  /** Keys answered from memory since the last heartbeat: their LRU position in Redis is refreshed. */
  readonly #touched = new Set<string>();

  /** `maxBytes`: the bound of the copies, in bytes of their JSON (at least 1). */
  constructor(maxBytes: number) {
    const bytes = Math.max(1, maxBytes);
    this.#copies = new LRUCache<string, LocalCopy>({
      maxSize: bytes,
      maxEntrySize: bytes,
      sizeCalculation: (copy) => Math.max(1, copy.bytes),
    });
  }

  /** The current generation: a read or write records it before asking Redis. */
  get generation(): number {
    return this.#generation;
  }

  /** Anything vouched for before may have missed an invalidation: no copy answers until Redis vouches again. */
  invalidate(): void {
    this.#generation += 1;
    this.#reads.clear();
  }

  /** The copy of `key`, whatever its generation (its version is what Redis compares). */
  get(key: string): LocalCopy | undefined {
    return this.#copies.get(key);
  }

  /** The copy of `key` if Redis vouched for it in the current generation. */
  current(key: string): LocalCopy | undefined {
    const copy = this.#copies.get(key);
    return copy === undefined || copy.generation !== this.#generation ? undefined : copy;
  }

  /** Redis confirmed `copy` unchanged, answering a read that started in `generation`. */
  vouch(copy: LocalCopy, generation: number): void {
    copy.generation = this.#vouched(generation);
  }

  /** Keeps what Redis answered or stored for `key`, by a read or write that started in `generation`. */
  keep(key: string, version: string, value: unknown, bytes: number, generation: number): void {
    this.#copies.set(key, { version, value, bytes, generation: this.#vouched(generation) });
  }

  /** Redis holds nothing under `key`. */
  drop(key: string): void {
    this.#copies.delete(key);
  }

  /** `key` was answered from memory: the next heartbeat refreshes its LRU position in Redis (bounded). */
  touch(key: string): void {
    if (this.#touched.size < TOUCHES_PER_HEARTBEAT) this.#touched.add(key);
  }

  /** The keys touched since the last call, forgotten here. */
  takeTouched(): string[] {
    const touched = [...this.#touched];
    this.#touched.clear();
    return touched;
  }

  /**
   * `load(key)`, shared with the concurrent reads of `key` while `shareable()` says so (checked
   * when a read would join and when it would be shared); {@link invalidate} ends the sharing.
   */
  read(
    key: string,
    shareable: () => boolean,
    load: (key: string) => Promise<CacheHit | undefined>,
  ): Promise<CacheHit | undefined> {
    const shared = this.#reads.get(key);
    if (shared !== undefined && shareable()) return shared;
    const read = load(key).finally(() => {
      if (this.#reads.get(key) === read) this.#reads.delete(key);
    });
    if (shareable()) this.#reads.set(key, read);
    return read;
  }

  /** Forgets every copy (the store closes). */
  clear(): void {
    this.#copies.clear();
  }

  /** The generation a copy read or written from `generation` on is vouched for in (-1: an invalidation came between). */
  #vouched(generation: number): number {
    return generation === this.#generation ? generation : -1;
  }
}
