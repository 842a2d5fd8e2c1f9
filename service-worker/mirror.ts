import type { MirrorStatus } from '@runtime-component-catalog/contracts';
import type { IDBPDatabase } from 'idb';
import type { MirrorDatabase, MirrorRecord } from './mirror-database.js';

/**
 * The IndexedDB mirror: records by URL, bounded in bytes (least recently used first). Writes are
 * one transaction each, so a reader sees a whole record or none. A quota error evicts and retries
 * once; if it still fails the record is simply not mirrored (the response is answered anyway).
 */
export class Mirror {
  readonly #open: () => Promise<IDBPDatabase<MirrorDatabase>>;
  readonly #maxBytes: number;
  #db: Promise<IDBPDatabase<MirrorDatabase>> | undefined;

  constructor(open: () => Promise<IDBPDatabase<MirrorDatabase>>, maxBytes: number) {
    this.#open = open;
    this.#maxBytes = maxBytes;
  }

  /**
   * The record of `url`, marked as used now. Read and mark happen in one transaction, so a newer
   * record written meanwhile by another fetch is never overwritten with this older one.
   */
  async get(url: string): Promise<MirrorRecord | undefined> {
    const transaction = (await this.#database()).transaction('responses', 'readwrite');
    const record = await transaction.store.get(url);
    if (record !== undefined) await transaction.store.put({ ...record, lastUsed: usedNow() });
    await transaction.done.catch(() => {});
    return record;
  }

  /** The record of `url` without marking it used. */
  async peek(url: string): Promise<MirrorRecord | undefined> {
    return (await this.#database()).get('responses', url);
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
      await this.#evictFor(record);
      await (await this.#database()).put('responses', record);
    } catch (error) {
      if (!isQuotaError(error)) {
        await this.#drop(record.url);
        return;
      }
      // The browser's quota, not ours: make room (half the mirror) and try once more.
      await this.#evictBytes(Math.ceil((await this.status()).bytes / 2)).catch(() => {});
      await (await this.#database()).put('responses', record).catch(() => this.#drop(record.url));
    }
  }

  async #drop(url: string): Promise<void> {
    await (await this.#database()).delete('responses', url).catch(() => {});
  }

  /** Entries, bytes and URLs (least recently used first). */
  async status(): Promise<MirrorStatus> {
    const records = await (await this.#database()).getAllFromIndex('responses', 'by-last-used');
    return {
      type: 'mirror-status',
      entries: records.length,
      bytes: records.reduce((sum, record) => sum + record.size, 0),
      maxBytes: this.#maxBytes,
      urls: records.map((record) => record.url),
    };
  }

  /** Drops every record. */
  async clear(): Promise<void> {
    await (await this.#database()).clear('responses');
  }

  async #evictFor(record: MirrorRecord): Promise<void> {
    const status = await this.status();
    const previous = (await (await this.#database()).get('responses', record.url))?.size ?? 0;
    const over = status.bytes - previous + record.size - this.#maxBytes;
    if (over > 0) await this.#evictBytes(over, record.url);
  }

  async #evictBytes(bytes: number, keep?: string): Promise<void> {
    const transaction = (await this.#database()).transaction('responses', 'readwrite');
    let freed = 0;
    let cursor = await transaction.store.index('by-last-used').openCursor();
    while (cursor !== null && freed < bytes) {
      if (cursor.value.url !== keep) {
        freed += cursor.value.size;
        await cursor.delete();
      }
      cursor = await cursor.continue();
    }
    await transaction.done;
  }

  #database(): Promise<IDBPDatabase<MirrorDatabase>> {
    // Reopened after a failure: site-data clearing closes connections (workbox #1815).
    this.#db ??= this.#open().then((db) => {
      db.addEventListener('close', () => {
        this.#db = undefined;
      });
      return db;
    });
    this.#db.catch(() => {
      this.#db = undefined;
    });
    return this.#db;
  }
}

let lastUse = 0;
/** Strictly increasing use times, so "least recently used" has no ties. */
function usedNow(): number {
  lastUse = Math.max(Date.now(), lastUse + 1);
  return lastUse;
}

export { usedNow };

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}
