import type { Page } from '@runtime-component-catalog/contracts';
import { SdkError } from '../sdk-error.js';

/** A change another tab (or this store) made, as listeners learn of it. */
export type PageStoreEvent =
  | {
      /** A page was saved. */
      readonly type: 'saved';
      /** The page's id. */
      readonly id: string;
      /** The revision it was saved with. */
      readonly revision: number;
    }
  | {
      /** A page was deleted. */
      readonly type: 'deleted';
      /** The page's id. */
      readonly id: string;
    };

/** A page without its content, for lists. */
export interface PageSummary {
  /** The page's id. */
  readonly id: string;
  /** The page's title. */
  readonly title: string;
  /** The stored revision. */
  readonly revision: number;
  /** ISO 8601 time of the last save. */
  readonly updatedAt: string;
}

/**
 * Where pages are saved (docs/design.md "Page data"): the IndexedDB store by default, or a CMS. The
 * saved page is the truth for its instances. Every implementation passes `page-store.case.ts`.
 */
export interface PageStore {
  /**
   * Names this store's pages on the device, apart from every other store's (its endpoint and
   * locale, or its database's name): the edit journal and the one-writer lock are keyed by it.
   */
  readonly deviceKey: string;
  /**
   * Where a page deleted and created again under the same id is another stored document (Strapi's
   * `documentId`), the document the page id named at this store's last read or save of it. The
   * edit journal records it with the edits' base, so edits made on one document never go to
   * another. Absent where the page id is the identity.
   */
  documentOf?(id: string): string | undefined;
  /** Every page, newest first. */
  list(): Promise<PageSummary[]>;
  /** The page, or undefined. */
  get(id: string): Promise<Page | undefined>;
  /**
   * Saves `page`, whose `revision` is the one it was based on (0 for a new page). Answers the
   * stored page (revision + 1, new `updatedAt`). When the stored revision differs (another tab
   * saved first), nothing is written and the save fails with SdkError `store-conflict`.
   */
  save(page: Page): Promise<Page>;
  /** Deletes the page if it still has `revision` (store-conflict otherwise); absent pages are fine. */
  delete(id: string, revision: number): Promise<void>;
  /** Listens to saves and deletes of other tabs; returns the unsubscribe function. */
  subscribe(listener: (event: PageStoreEvent) => void): () => void;
  /** Closes connections and channels. */
  close(): void;
}

let lastSaveTime = 0;

/**
 * The page a save stores: the next revision, the current time. Times never repeat within a tab
 * (a save in the same millisecond as the last one takes the next millisecond), so "newest first"
 * is exact.
 */
export function nextRevision(page: Page): Page {
  lastSaveTime = Math.max(Date.now(), lastSaveTime + 1);
  return { ...structuredClone(page), revision: page.revision + 1, updatedAt: new Date(lastSaveTime).toISOString() };
}

/** A page's summary. */
export function summaryOf(page: Page): PageSummary {
  return { id: page.id, title: page.title, revision: page.revision, updatedAt: page.updatedAt };
}

/** The error of a save or delete based on a stale revision. */
export function conflict(id: string, based: number, current: number): SdkError {
  return new SdkError(
    'store-conflict',
    `Page ${id} was saved elsewhere (revision ${current}); this change was based on revision ${based} and was not saved`,
  );
}
