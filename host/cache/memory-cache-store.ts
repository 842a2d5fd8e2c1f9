import { LRUCache } from 'lru-cache';
import type { CacheHit, CacheSetOptions, CacheStore, InvalidationListener } from './cache-store.js';

/** Options of {@link MemoryCacheStore}. */
export interface MemoryCacheStoreOptions {
  /** Upper bound of the stored values, measured as the length of their JSON text. */
  readonly maxBytes: number;
  /** How many invalidated tags are remembered to guard fetches in flight (default 10,000). */
  readonly maxRememberedTags?: number;
}

interface MemoryEntry {
  readonly value: unknown;
  readonly tags: readonly string[];
}

/**
 * The in-process store: an LRU bounded in bytes, a tag → keys index for eager deletion, and the
 * sequence of the last invalidation of each tag. Remembered tags are bounded too: when one is
 * forgotten, `#floor` rises to its sequence, and every set that started before the floor is
 * refused, so forgetting can only cost a refetch, never a stale value.
 */
export class MemoryCacheStore implements CacheStore {
  readonly #entries: LRUCache<string, MemoryEntry>;
  readonly #keysByTag = new Map<string, Set<string>>();
  readonly #tagSequences: LRUCache<string, number>;
  readonly #listeners = new Set<InvalidationListener>();
  #sequence = 0;
  #floor = 0;

  constructor(options: MemoryCacheStoreOptions) {
    this.#entries = new LRUCache<string, MemoryEntry>({
      maxSize: options.maxBytes,
      maxEntrySize: options.maxBytes,
      sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value)?.length ?? 4),
      dispose: (entry, key) => this.#unindex(key, entry.tags),
    });
    this.#tagSequences = new LRUCache<string, number>({
      max: options.maxRememberedTags ?? 10_000,
      dispose: (sequence, _tag, reason) => {
        if (reason === 'evict') this.#floor = Math.max(this.#floor, sequence);
      },
    });
  }

  /** Bytes held now (JSON length of the values). */
  get bytes(): number {
    return this.#entries.calculatedSize;
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
    for (const tag of options.tags) {
      const invalidatedAt = this.#tagSequences.peek(tag);
      if (invalidatedAt !== undefined && invalidatedAt >= options.sequence) return false;
    }
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
    for (const tag of tags) {
      this.#tagSequences.set(tag, this.#sequence);
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
