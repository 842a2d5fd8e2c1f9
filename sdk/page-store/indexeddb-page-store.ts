import type { Page } from '@runtime-component-catalog/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { requireBrowser } from '../internal/require-browser.js';
import { SdkError } from '../sdk-error.js';
import {
  conflict,
  nextRevision,
  type PageStore,
  type PageStoreEvent,
  type PageSummary,
  summaryOf,
} from './page-store.js';
import { PageStoreChannel } from './page-store-channel.js';

/** The database, described once (idb's DBSchema). */
interface PageDatabase extends DBSchema {
  pages: { key: string; value: Page; indexes: { 'by-updated': string } };
}

/** The schema version; every step of the migration in `upgrade` raises it by one. */
export const PAGE_DATABASE_VERSION = 2;

/** Options of {@link openPageStore}. */
export interface PageStoreOptions {
  /** Database name (default `runtime-catalog-pages`). */
  readonly name?: string;
  /**
   * A newer version was opened in another tab: this tab's connection is closed so the upgrade can
   * go on, and every later call fails with `store-blocked`. Tell the user to reload.
   */
  readonly onVersionChange?: () => void;
  /** This tab waits for an older tab to close its connection (it will, see onVersionChange). */
  readonly onBlocked?: () => void;
}

/**
 * The default page store: IndexedDB through idb, versioned migrations, optimistic concurrency by
 * revision inside one readwrite transaction, and a BroadcastChannel between tabs.
 */
export async function openPageStore(options: PageStoreOptions = {}): Promise<PageStore> {
  requireBrowser('openPageStore', typeof indexedDB !== 'undefined', 'indexedDB');
  const name = options.name ?? 'runtime-catalog-pages';
  let closedByVersionChange = false;
  const db = await openDB<PageDatabase>(name, PAGE_DATABASE_VERSION, {
    upgrade(database, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) database.createObjectStore('pages', { keyPath: 'id' });
      if (oldVersion < 2) transaction.objectStore('pages').createIndex('by-updated', 'updatedAt');
    },
    blocked() {
      options.onBlocked?.();
    },
    blocking() {
      // Never make another tab's upgrade hang: give way, and say so.
      closedByVersionChange = true;
      db.close();
      options.onVersionChange?.();
    },
  });
  const channel = new PageStoreChannel(`runtime-catalog.pages:${name}`);
  return new IndexedDbPageStore(`indexeddb:${name}`, db, channel, () => closedByVersionChange);
}

class IndexedDbPageStore implements PageStore {
  readonly deviceKey: string;
  readonly #db: IDBPDatabase<PageDatabase>;
  readonly #channel: PageStoreChannel;
  readonly #closedByVersionChange: () => boolean;

  constructor(
    deviceKey: string,
    db: IDBPDatabase<PageDatabase>,
    channel: PageStoreChannel,
    closedByVersionChange: () => boolean,
  ) {
    this.deviceKey = deviceKey;
    this.#db = db;
    this.#channel = channel;
    this.#closedByVersionChange = closedByVersionChange;
  }

  async list(): Promise<PageSummary[]> {
    const pages = await this.#open().getAllFromIndex('pages', 'by-updated');
    return pages.reverse().map(summaryOf);
  }

  async get(id: string): Promise<Page | undefined> {
    return this.#open().get('pages', id);
  }

  async save(page: Page): Promise<Page> {
    const transaction = this.#open().transaction('pages', 'readwrite');
    const stored = await transaction.store.get(page.id);
    const current = stored?.revision ?? 0;
    if (current !== page.revision) {
      transaction.abort();
      await transaction.done.catch(() => {});
      throw conflict(page.id, page.revision, current);
    }
    const saved = nextRevision(page);
    await transaction.store.put(saved);
    await transaction.done;
    this.#channel.post({ type: 'saved', id: saved.id, revision: saved.revision });
    return saved;
  }

  async delete(id: string, revision: number): Promise<void> {
    const transaction = this.#open().transaction('pages', 'readwrite');
    const stored = await transaction.store.get(id);
    if (stored !== undefined && stored.revision !== revision) {
      transaction.abort();
      await transaction.done.catch(() => {});
      throw conflict(id, revision, stored.revision);
    }
    if (stored !== undefined) await transaction.store.delete(id);
    await transaction.done;
    if (stored !== undefined) this.#channel.post({ type: 'deleted', id });
  }

  subscribe(listener: (event: PageStoreEvent) => void): () => void {
    return this.#channel.subscribe(listener);
  }

  close(): void {
    this.#channel.close();
    this.#db.close();
  }

  #open(): IDBPDatabase<PageDatabase> {
    if (this.#closedByVersionChange()) {
      throw new SdkError(
        'store-blocked',
        'The page store was closed because a newer version of the editor was opened in another tab: reload this tab',
      );
    }
    return this.#db;
  }
}
