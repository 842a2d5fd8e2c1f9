import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** One mirrored response. */
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

/** The mirror database, described once (idb's DBSchema). */
export interface MirrorDatabase extends DBSchema {
  responses: { key: string; value: MirrorRecord; indexes: { 'by-last-used': number } };
}

/** Raised by every change of the mirror's record shape; older mirrors are cleared, not converted. */
export const MIRROR_DATABASE_VERSION = 1;

/**
 * Opens the mirror. A newer worker version with a new record shape raises the version: the
 * upgrade drops the older store (a mirror is a cache: the host is the truth), atomically, so no
 * half-converted mirror is ever read.
 */
export function openMirrorDatabase(name = 'runtime-catalog-mirror'): Promise<IDBPDatabase<MirrorDatabase>> {
  return openDB<MirrorDatabase>(name, MIRROR_DATABASE_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion > 0 && db.objectStoreNames.contains('responses')) db.deleteObjectStore('responses');
      db.createObjectStore('responses', { keyPath: 'url' }).createIndex('by-last-used', 'lastUsed');
    },
  });
}
