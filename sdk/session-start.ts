import type { ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import type { JournalEntry, PageEdit } from './edit-journal/edit-journal.js';
import type { JournalOfPage } from './edit-journal/journal-of-page.js';
import type { PageWriterLock } from './edit-journal/page-writer-lock.js';
import type { EditingSessionState } from './editing-session-state.js';
import type { PageStore } from './page-store/page-store.js';
import { SdkError } from './sdk-error.js';

/** How an editing session starts: its base, the journal's unconfirmed edits, its first state. */
export interface SessionStart {
  /** The stored page when it could be read; else the journal's last known one. */
  readonly base: Page;
  /** The stored document `base` came from (`PageStore.documentOf`). */
  readonly document: string | undefined;
  /** The journal's edits not confirmed by the store, applied over the base. */
  readonly edit: PageEdit | undefined;
  /** Whether `base` was read from the store now (else it is read again before the first save). */
  readonly verified: boolean;
  readonly state: EditingSessionState;
}

/** What a session is made of (`openEditingSession` makes them). */
export interface EditingSessionParts {
  readonly store: PageStore;
  /** This page's part of the edit journal; undefined: edits are kept in memory only. */
  readonly journal: JournalOfPage | undefined;
  /** The one writer's lock of the page. */
  readonly lock: PageWriterLock;
  /** How the session starts (its base, the journal's edits, its state). */
  readonly start: SessionStart;
  /** How the writer starts when a following session takes over. */
  readonly takeOver: () => Promise<SessionStart>;
}

/**
 * The writer's start (docs/sdk-edit-journal.md "Opening a page"): the store's page and the journal's
 * edits. Edits made on the page the store still holds are saved at once; edits made on a page
 * someone else has changed (or deleted, or replaced by another document) since are the conflict
 * choice, "mine" being the journal's. When the store cannot be reached, the journal's last known
 * page opens (SdkError `network` as the state); a page never opened on this device cannot.
 */
export async function writerStart(
  store: PageStore,
  pageId: string,
  newTitle: string,
  entry: JournalEntry | undefined,
): Promise<SessionStart> {
  let stored: Page | undefined;
  try {
    stored = await store.get(pageId);
  } catch (error) {
    if (!(error instanceof SdkError && error.code === 'network') || entry === undefined) throw error;
    return {
      base: entry.base,
      document: entry.document,
      edit: entry.edits?.page,
      verified: false,
      state: { status: 'error', error },
    };
  }
  const document = store.documentOf?.(pageId);
  const base = stored ?? emptyPage(pageId, newTitle);
  const saved = { status: 'saved', revision: base.revision } as const;
  // No edits, or a save of them that reached the store before the journal heard of it.
  if (entry?.edits === undefined || holdsEdit(stored, entry.edits.page)) {
    return { base, document, edit: undefined, verified: true, state: saved };
  }
  if (isStoredBase(entry.base, entry.document, stored, document)) {
    return { base, document, edit: entry.edits.page, verified: true, state: saved };
  }
  return {
    base: entry.base,
    document: entry.document,
    edit: entry.edits.page,
    verified: true,
    state: { status: 'conflict', theirs: stored, unsavedEdits: true },
  };
}

/** A following session's start: the page as the writing tab last journaled it, else as stored. */
export async function followerStart(
  store: PageStore,
  pageId: string,
  newTitle: string,
  entry: JournalEntry | undefined,
): Promise<SessionStart> {
  const base =
    entry === undefined
      ? ((await store.get(pageId)) ?? emptyPage(pageId, newTitle))
      : { ...entry.base, ...entry.edits?.page };
  return { base, document: undefined, edit: undefined, verified: false, state: { status: 'following' } };
}

/**
 * Whether the store still holds the page the edits were based on: the same revision, saved at the
 * same time, of the same document where the store tells documents apart (a page deleted and made
 * again under its id may reach the same revision number).
 */
export function isStoredBase(
  base: Page,
  baseDocument: string | undefined,
  stored: Page | undefined,
  storedDocument: string | undefined,
): boolean {
  if (stored === undefined) return base.revision === 0;
  if (baseDocument !== undefined && storedDocument !== undefined && baseDocument !== storedDocument) return false;
  return stored.revision === base.revision && stored.updatedAt === base.updatedAt;
}

/** Whether the stored page is the edit, title and content: a save of it landed (a tab closed before it heard). */
export function holdsEdit(stored: Page | undefined, edit: PageEdit): boolean {
  return stored !== undefined && stored.title === edit.title && sameContent(stored.content, edit.content);
}

/** A page the store does not hold yet (revision 0, created by its first save). */
export function emptyPage(id: string, title: string): Page {
  return { id, title, revision: 0, updatedAt: '', content: [] };
}

/** Whether two pages hold the same instances. */
export function sameContent(a: readonly ComponentInstance[], b: readonly ComponentInstance[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
