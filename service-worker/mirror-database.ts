import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** One mirrored response, as the mirror hands it out (its entry and its body joined). */
export interface MirrorRecord {
  readonly url: string;
  readonly body: ArrayBuffer;
  readonly etag: string | null;
  readonly contentType: string | null;
  /** Other response headers the page reads (`x-remote-externals`). */
  readonly headers: Readonly<Record<string, string>>;
  readonly storedAt: number;
  readonly lastUsed: number;
  readonly size: number;
}

/** What a put, an eviction and `status()` read: a few bytes a URL, never the body. */
export interface MirrorEntry {
  readonly url: string;
  readonly size: number;
  readonly lastUsed: number;
}

/** What only `get` and `peek` read: the response itself. */
export type MirrorBody = Omit<MirrorRecord, 'size' | 'lastUsed'>;

/**
 * The mirror database, described once (idb's DBSchema). Entries and bodies are two stores so that
 * keeping the byte bound reads the small one only (as workbox-expiration's CacheTimestampsModel);
 * every write changes both in one transaction, so each entry has its body and each body its entry.
 */
export interface MirrorDatabase extends DBSchema {
  entries: { key: string; value: MirrorEntry; indexes: { 'by-last-used': number } };
  bodies: { key: string; value: MirrorBody };
}

/** The stores a whole record lives in. */
export const MIRROR_STORES = ['entries', 'bodies'] as const;

/** Raised by every change of the mirror's shape; older mirrors are dropped, not converted. */
export const MIRROR_DATABASE_VERSION = 2;

/** What the mirror is told about its connection. */
export interface MirrorDatabaseEvents {
  /** The browser closed the connection abnormally (site data cleared, disk error): reopen on next use. */
  readonly terminated?: () => void;
}

/**
 * Opens the mirror. A newer worker version with a new shape raises the version: its upgrade step
 * drops the older stores (a mirror is a cache: the host is the truth) in the upgrade transaction,
 * so an incompatible mirror is dropped, never half-read.
 */
export function openMirrorDatabase(
  name = 'runtime-catalog-mirror',
  { terminated }: MirrorDatabaseEvents = {},
): Promise<IDBPDatabase<MirrorDatabase>> {
  return openDB<MirrorDatabase>(name, MIRROR_DATABASE_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 2) {
        // Version 1 kept whole records in one store ('responses'), so the byte bound read every body.
        for (const store of Array.from(db.objectStoreNames)) db.deleteObjectStore(store);
        db.createObjectStore('entries', { keyPath: 'url' }).createIndex('by-last-used', 'lastUsed');
        db.createObjectStore('bodies', { keyPath: 'url' });
      }
    },
    terminated,
  });
}

/** The entry of `record`. */
export function entryOf({ url, size, lastUsed }: MirrorRecord): MirrorEntry {
  return { url, size, lastUsed };
}

/** The body of `record`. */
export function bodyOf({ url, body, etag, contentType, headers, storedAt }: MirrorRecord): MirrorBody {
  return { url, body, etag, contentType, headers, storedAt };
}

/** The record of an entry and its body. */
export function recordOf(entry: MirrorEntry, body: MirrorBody): MirrorRecord {
  return { ...body, size: entry.size, lastUsed: entry.lastUsed };
}
