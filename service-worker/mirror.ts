import type { MirrorStatus } from '@runtime-component-catalog/contracts';
import type { IDBPDatabase, IDBPTransaction } from 'idb';
import {
  bodyOf,
  entryOf,
  MIRROR_STORES,
  type MirrorDatabase,
  type MirrorEntry,
  type MirrorRecord,
  recordOf,
} from './mirror-database.js';

/** Opens the mirror database; the mirror passes `terminated` to be called when the browser closes it. */
export type MirrorOpener = (terminated: () => void) => Promise<IDBPDatabase<MirrorDatabase>>;

type MirrorTransaction<Mode extends IDBTransactionMode> = IDBPTransaction<MirrorDatabase, typeof MIRROR_STORES, Mode>;

/**
 * The IndexedDB mirror: records by URL, bounded in bytes (least recently used first). Sizes and use
 * times live in the `entries` store, bodies in `bodies`: keeping the bound reads the entries only
 * (a few bytes a URL), never a body. Every write is one transaction over both stores, so a reader
 * sees a whole record or none, and racing puts cannot both pass the bound. A quota error evicts
 * and retries once; if it still fails the record is simply not mirrored (the response is answered
 * anyway).
 */
export class Mirror {
  readonly #open: MirrorOpener;
  readonly #maxBytes: number;
  #db: Promise<IDBPDatabase<MirrorDatabase>> | undefined;

  constructor(open: MirrorOpener, maxBytes: number) {
    this.#open = open;
    this.#maxBytes = maxBytes;
  }

  /**
   * The record of `url`, marked as used now. Read and mark happen in one transaction, so a newer
   * record written meanwhile by another fetch is never overwritten with this older one.
   */
  async get(url: string): Promise<MirrorRecord | undefined> {
    const transaction = await this.#transaction('readwrite');
    const entries = transaction.objectStore('entries');
    const entry = await entries.get(url);
    const body = await transaction.objectStore('bodies').get(url);
    if (entry === undefined || body === undefined) return undefined;
    // The record is answered even when marking it used fails.
    await entries.put({ ...entry, lastUsed: usedNow() }).catch(() => {});
    await transaction.done.catch(() => {});
    return recordOf(entry, body);
  }

  /** The record of `url` without marking it used. */
  async peek(url: string): Promise<MirrorRecord | undefined> {
    const transaction = await this.#transaction('readonly');
    const entry = await transaction.objectStore('entries').get(url);
    const body = await transaction.objectStore('bodies').get(url);
    return entry === undefined || body === undefined ? undefined : recordOf(entry, body);
  }

  /**
   * Stores `record`, evicting least recently used records to stay within the byte limit. When it
   * cannot be stored (too large, storage error), the older record of the URL is dropped: the
   * mirror never keeps a copy older than what the host last answered.
   */
  async put(record: MirrorRecord): Promise<void> {
    if (record.size > this.#maxBytes) {
      await this.#drop(record.url);
      return;
    }
    try {
      await this.#write(record);
    } catch (error) {
      if (!isQuotaError(error)) {
        await this.#drop(record.url);
        return;
      }
      // The browser's quota, not ours: make room (half the mirror) and try once more.
      await this.#evictHalf().catch(() => {});
      await this.#write(record).catch(() => this.#drop(record.url));
    }
  }

  /** Entries, bytes and URLs (least recently used first), from the entries alone. */
  async status(): Promise<MirrorStatus> {
    const entries = await (await this.#database()).getAllFromIndex('entries', 'by-last-used');
    return {
      type: 'mirror-status',
      entries: entries.length,
      bytes: bytesOf(entries),
      maxBytes: this.#maxBytes,
      urls: entries.map((entry) => entry.url),
    };
  }

  /** Drops every record. */
  async clear(): Promise<void> {
    await this.#writing(async (transaction) => {
      await transaction.objectStore('entries').clear();
      await transaction.objectStore('bodies').clear();
    });
  }

  /** Evicts what the byte limit asks for and writes the record: all or nothing. */
  async #write(record: MirrorRecord): Promise<void> {
    await this.#writing(async (transaction) => {
      const others = (await leastRecentlyUsedFirst(transaction)).filter((entry) => entry.url !== record.url);
      await evict(transaction, others, bytesOf(others) + record.size - this.#maxBytes);
      // The body first: it is the write that meets the quota, before anything else is asked.
      await transaction.objectStore('bodies').put(bodyOf(record));
      await transaction.objectStore('entries').put(entryOf(record));
    });
  }

  async #evictHalf(): Promise<void> {
    await this.#writing(async (transaction) => {
      const held = await leastRecentlyUsedFirst(transaction);
      await evict(transaction, held, Math.ceil(bytesOf(held) / 2));
    });
  }

  async #drop(url: string): Promise<void> {
    await this.#writing(async (transaction) => {
      await transaction.objectStore('entries').delete(url);
      await transaction.objectStore('bodies').delete(url);
    }).catch(() => {});
  }

  /** Runs `work` in one read-write transaction and waits for the commit; a failure aborts it all. */
  async #writing(work: (transaction: MirrorTransaction<'readwrite'>) => Promise<void>): Promise<void> {
    const transaction = await this.#transaction('readwrite');
    try {
      await work(transaction);
    } catch (error) {
      abort(transaction);
      throw error;
    }
    await transaction.done;
  }

  async #transaction<Mode extends IDBTransactionMode>(mode: Mode): Promise<MirrorTransaction<Mode>> {
    const transaction = (await this.#database()).transaction(MIRROR_STORES, mode);
    // Whoever needs the commit awaits `done`; a read's failure is reported by its request.
    transaction.done.catch(() => {});
    return transaction;
  }

  #database(): Promise<IDBPDatabase<MirrorDatabase>> {
    if (this.#db !== undefined) return this.#db;
    // Reopened on next use once the connection ends: site-data clearing closes it (GoogleChrome/workbox#1815).
    // idb's `terminated` and the 'close' listener are the same event; the listener also covers an
    // opener that does not pass `terminated` on.
    const opened: Promise<IDBPDatabase<MirrorDatabase>> = this.#open(() => this.#forget(opened)).then((db) => {
      db.addEventListener('close', () => this.#forget(opened));
      return db;
    });
    opened.catch(() => this.#forget(opened));
    this.#db = opened;
    return opened;
  }

  /** Forgets `connection` unless a newer one replaced it meanwhile. */
  #forget(connection: Promise<IDBPDatabase<MirrorDatabase>>): void {
    if (this.#db === connection) this.#db = undefined;
  }
}

let lastUse = 0;
/** Strictly increasing use times, so "least recently used" has no ties. */
function usedNow(): number {
  lastUse = Math.max(Date.now(), lastUse + 1);
  return lastUse;
}

export { usedNow };

function leastRecentlyUsedFirst(transaction: MirrorTransaction<'readwrite'>): Promise<MirrorEntry[]> {
  return transaction.objectStore('entries').index('by-last-used').getAll();
}

/** Deletes records of `held` (least recently used first) until `bytes` are freed. */
async function evict(transaction: MirrorTransaction<'readwrite'>, held: readonly MirrorEntry[], bytes: number) {
  let freed = 0;
  for (const entry of held) {
    if (freed >= bytes) return;
    freed += entry.size;
    await transaction.objectStore('entries').delete(entry.url);
    await transaction.objectStore('bodies').delete(entry.url);
  }
}

function bytesOf(entries: readonly MirrorEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.size, 0);
}

function abort(transaction: MirrorTransaction<'readwrite'>): void {
  try {
    transaction.abort();
  } catch {
    // Already aborted by the failure itself (or finished): nothing more to undo.
  }
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}
