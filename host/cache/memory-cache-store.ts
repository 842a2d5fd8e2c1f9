import { LRUCache } from 'lru-cache';
import type { CacheHit, CacheSetOptions, CacheStore, InvalidationListener, SharedCacheStore } from './cache-store.js';

/** Options of {@link MemoryCacheStore}. */
export interface MemoryCacheStoreOptions {
  /** Upper bound of the stored values and their tags, measured as the length of their text. */
  readonly maxBytes: number;
}

interface MemoryEntry {
  readonly value: unknown;
  readonly tags: readonly string[];
}

/**
 * The in-process store: an LRU bounded in bytes (each entry counts its value's JSON and its tags,
 * so the tag index is inside the bound), and a tag → keys index for eager deletion. An
 * invalidation keeps no state of its own: it deletes the entries carrying its tags and raises
 * `#floor` to its sequence, and every set whose load started before the floor is refused. Any
 * tag, known or not, so a load in flight never stores a value an invalidation overtook, and
 * invalidating tags that nothing carries leaves nothing behind (the price: the other loads in
 * flight at that moment are not stored either, and are fetched again on the next request).
 */
export class MemoryCacheStore implements CacheStore {
  readonly #entries: LRUCache<string, MemoryEntry>;
  readonly #keysByTag = new Map<string, Set<string>>();
  readonly #listeners = new Set<InvalidationListener>();
  #sequence = 0;
  #floor = 0;
  /** Nothing: this store lives in one process (a test double may report as a shared store does). */
  readonly shared: SharedCacheStore | undefined = undefined;

  constructor(options: MemoryCacheStoreOptions) {
    this.#entries = new LRUCache<string, MemoryEntry>({
      maxSize: options.maxBytes,
      maxEntrySize: options.maxBytes,
      sizeCalculation: (entry) =>
        Math.max(1, (JSON.stringify(entry.value)?.length ?? 4) + entry.tags.reduce((sum, tag) => sum + tag.length, 0)),
      dispose: (entry, key) => this.#unindex(key, entry.tags),
    });
  }

  /** Bytes held now (JSON length of the values, and their tags). */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  /** Tags held now: those that a stored entry carries (the tag index), nothing else. */
  get tags(): number {
    return this.#keysByTag.size;
  }

  /** Entries held now. */
  get size(): number {
    return this.#entries.size;
  }

  async nextSequence(): Promise<number> {
    this.#sequence += 1;
    return this.#sequence;
  }

  async get(key: string): Promise<CacheHit | undefined> {
    return this.peek(key);
  }

  peek(key: string): CacheHit | undefined {
    const entry = this.#entries.get(key);
    return entry === undefined ? undefined : { value: entry.value };
  }

  async set(key: string, value: unknown, options: CacheSetOptions): Promise<boolean> {
    if (options.sequence <= this.#floor) return false;
    const tags = [...new Set(options.tags)];
    this.#entries.set(key, { value, tags });
    if (!this.#entries.has(key)) return false; // over maxEntrySize: lru-cache refused it
    for (const tag of tags) {
      let keys = this.#keysByTag.get(tag);
      if (keys === undefined) {
        keys = new Set();
        this.#keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
    return true;
  }

  async invalidateTags(tags: readonly string[]): Promise<void> {
    this.#sequence += 1;
    this.#floor = this.#sequence;
    for (const tag of tags) {
      const keys = this.#keysByTag.get(tag);
      if (keys === undefined) continue;
      for (const key of [...keys]) this.#entries.delete(key);
    }
    for (const listener of this.#listeners) listener(tags);
  }

  onInvalidate(listener: InvalidationListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#entries.clear();
    this.#listeners.clear();
  }

  #unindex(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.#keysByTag.get(tag);
      if (keys === undefined) continue;
      keys.delete(key);
      if (keys.size === 0) this.#keysByTag.delete(tag);
    }
  }
}
