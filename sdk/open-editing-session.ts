import { type EditJournal, openEditJournal } from './edit-journal/edit-journal.js';
import { JournalOfPage } from './edit-journal/journal-of-page.js';
import { type PageWriterLock, requestPageWriterLock } from './edit-journal/page-writer-lock.js';
import { EditingSession } from './editing-session.js';
import type { PageStore } from './page-store/page-store.js';
import { followerStart, writerStart } from './session-start.js';

/** Options of {@link openEditingSession}. */
export interface EditingSessionOptions {
  /** Where the page is read from and saved to. */
  readonly store: PageStore;
  /** The page being edited (created on the first save when the store has none). */
  readonly pageId: string;
  /** The title of the page when the store has none yet (default: the page id). */
  readonly newTitle?: string;
  /**
   * The edit journal on the device (docs/sdk-edit-journal.md). Default: the SDK's own
   * (`openEditJournal()`) wherever IndexedDB exists. `false` keeps edits in memory only, and
   * every tab of the page writes (what the benchmark compares against; not for editors).
   */
  readonly journal?: EditJournal | false;
}

let defaultJournal: Promise<EditJournal | undefined> | undefined;

/** The SDK's journal, opened once per page (undefined where there is no IndexedDB). */
function sharedJournal(): Promise<EditJournal | undefined> {
  defaultJournal ??= typeof indexedDB === 'undefined' ? Promise.resolve(undefined) : openEditJournal();
  return defaultJournal;
}

/**
 * Opens the editing session of `pageId` (docs/sdk-edit-journal.md): the stored page with the
 * edits this device kept and the store never confirmed; offline, the page as this device last
 * knew it; a new empty page (revision 0, saved on its first edit) when the store has none. When
 * another tab of this browser writes the page, the session follows it, read-only, and takes over
 * when that tab goes.
 */
export async function openEditingSession(options: EditingSessionOptions): Promise<EditingSession> {
  const { store, pageId } = options;
  const newTitle = options.newTitle ?? pageId;
  const journal = options.journal === false ? undefined : (options.journal ?? (await sharedJournal()));
  if (journal === undefined) {
    const start = await writerStart(store, pageId, newTitle, undefined);
    return new EditingSession({ store, journal: undefined, lock: everyTabWrites, start, takeOver: async () => start });
  }
  const lock = await requestPageWriterLock(`runtime-catalog.page:${store.deviceKey}:${pageId}`);
  try {
    const ofPage = new JournalOfPage(journal, store.deviceKey, pageId);
    const entry = await ofPage.read();
    const start = lock.held
      ? await writerStart(store, pageId, newTitle, entry)
      : await followerStart(store, pageId, newTitle, entry);
    return new EditingSession({
      store,
      journal: ofPage,
      lock,
      start,
      takeOver: async () => writerStart(store, pageId, newTitle, await ofPage.read()),
    });
  } catch (error) {
    lock.release();
    throw error;
  }
}

const everyTabWrites: PageWriterLock = { held: true, whenHeld: Promise.resolve(), release: () => {} };
