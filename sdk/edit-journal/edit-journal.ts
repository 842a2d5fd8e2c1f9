import type { Page } from '@runtime-component-catalog/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { requireBrowser } from '../internal/require-browser.js';

/** What an edit changes: the page's title and content (id, revision and time are the store's). */
export type PageEdit = Pick<Page, 'title' | 'content'>;

/** The edits of a page that the store has not confirmed yet. */
export interface JournaledEdits {
  /** The page's title and content with every one of them. */
  readonly page: PageEdit;
  /** The number of the oldest of them (edits are numbered in the order they were made). */
  readonly firstSeq: number;
  /** The number of the newest of them. */
  readonly lastSeq: number;
  /** ISO 8601 time of the oldest of them. */
  readonly since: string;
}

/** One page's record on the device (docs/sdk-edit-journal.md). */
export interface JournalEntry {
  /**
   * The page as the store last gave it (a read, or a save it confirmed): what the editor opens
   * offline, and the base the edits were made on (its revision is the one their save is based on).
   */
  readonly base: Page;
  /** The stored document `base` came from, where the store tells (`PageStore.documentOf`). */
  readonly document?: string;
  /** The edits not confirmed by the store yet; absent when there are none. */
  readonly edits?: JournaledEdits;
}

interface JournalDatabase extends DBSchema {
  entries: { key: [string, string]; value: JournalEntry & { readonly deviceKey: string; readonly pageId: string } };
}

/** Options of {@link openEditJournal}. */
export interface EditJournalOptions {
  /** Database name (default `runtime-catalog-edit-journal`). */
  readonly name?: string;
}

/**
 * The edit journal: one record per page of each page store (`PageStore.deviceKey`) in IndexedDB.
 * Every change is one readwrite transaction, complete before its promise resolves (Chromium's
 * default durability: it survives a reload, a closed or crashed tab and a killed browser).
 */
export interface EditJournal {
  /** The page's record, or undefined. */
  read(deviceKey: string, pageId: string): Promise<JournalEntry | undefined>;
  /** Writes the page's record, whatever it was. */
  write(deviceKey: string, pageId: string, entry: JournalEntry): Promise<void>;
  /** Replaces the page's record with what `change` makes of it, in one transaction. */
  update(deviceKey: string, pageId: string, change: (entry: JournalEntry | undefined) => JournalEntry): Promise<void>;
  /** Closes the database. */
  close(): void;
}

/** Opens the edit journal (docs/sdk-edit-journal.md). */
export async function openEditJournal(options: EditJournalOptions = {}): Promise<EditJournal> {
  requireBrowser('openEditJournal', typeof indexedDB !== 'undefined', 'indexedDB');
  let db: IDBPDatabase<JournalDatabase> | undefined;
  db = await openDB<JournalDatabase>(options.name ?? 'runtime-catalog-edit-journal', 1, {
    upgrade(database) {
      database.createObjectStore('entries', { keyPath: ['deviceKey', 'pageId'] });
    },
    blocking() {
      // A newer editor upgrades the journal: give way (it holds every record this tab wrote).
      db?.close();
    },
  });
  const open = db;
  return {
    async read(deviceKey, pageId) {
      return entryOf(await open.get('entries', [deviceKey, pageId]));
    },
    async write(deviceKey, pageId, entry) {
      await open.put('entries', { ...entry, deviceKey, pageId });
    },
    async update(deviceKey, pageId, change) {
      const transaction = open.transaction('entries', 'readwrite');
      const current = entryOf(await transaction.store.get([deviceKey, pageId]));
      await transaction.store.put({ ...change(current), deviceKey, pageId });
      await transaction.done;
    },
    close() {
      open.close();
    },
  };
}

/** A stored record without its key. */
function entryOf(record: JournalDatabase['entries']['value'] | undefined): JournalEntry | undefined {
  if (record === undefined) return undefined;
  const { deviceKey: _key, pageId: _page, ...entry } = record;
  return entry;
}
