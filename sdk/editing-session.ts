// Long because the session is one state machine (saving, conflicts, the journal, following a
// tab): split, its transitions would sit in files that each change the others' fields.
import type { Page } from '@runtime-component-catalog/contracts';
import type { PageEdit } from './edit-journal/edit-journal.js';
import type { JournalOfPage } from './edit-journal/journal-of-page.js';
import type { KeptEdits } from './edit-journal/kept-edits.js';
import type { PageWriterLock } from './edit-journal/page-writer-lock.js';
import type { EditingSessionState } from './editing-session-state.js';
import type { PageStore } from './page-store/page-store.js';
import { SaveRetry } from './save-retry.js';
import { changedElsewhere, SaveWaiters } from './save-waiters.js';
import { SdkError } from './sdk-error.js';
import {
  type EditingSessionParts,
  emptyPage,
  holdsEdit,
  isStoredBase,
  type SessionStart,
  sameContent,
} from './session-start.js';

export type { PageEdit } from './edit-journal/edit-journal.js';
export type { KeptEdits } from './edit-journal/kept-edits.js';
export type { EditingSessionState } from './editing-session-state.js';

/** What a session without a journal keeps (one object: `kept` is read as a React snapshot). */
const NOTHING_KEPT: KeptEdits = { count: 0, since: undefined };

/**
 * One page being edited (docs/design.md "Page data"; docs/sdk-edit-journal.md): every edit is
 * written to the device's edit journal as it is made, then saved, one save at a time, each based
 * on the revision the previous save answered, only the newest (it holds every earlier one), and
 * not at all when it changes nothing. A save refused as a conflict, or another writer's save or
 * delete of this page, stops the saving and asks the user to choose; an edit is never dropped
 * without that choice. A save the store does not answer is tried again on `online`, on a timer and
 * on `retry()`. A session whose page another tab writes follows that tab, read-only.
 */
export class EditingSession {
  readonly #store: PageStore;
  readonly #journal: JournalOfPage | undefined;
  readonly #lock: PageWriterLock;
  #base: Page;
  /** The stored document the base came from (`PageStore.documentOf`). */
  #document: string | undefined;
  /** False while the base is the journal's, not read from the store: the next save reads it first. */
  #verified = false;
  /** The newest edit not stored yet (read when it is saved: see `update`). */
  #pending: (() => PageEdit) | undefined;
  /** The number of the newest edit. */
  #seq: number;
  /** What a following session shows. */
  #followed: Page | undefined;
  #scheduled: ReturnType<typeof setTimeout> | undefined;
  readonly #retry = new SaveRetry(() => this.retry());
  #state: EditingSessionState;
  #running: Promise<void> | undefined;
  /** Set by keepMine: the next save goes ahead even if it equals the base. */
  #forceNextSave = false;
  /** Bumped whenever the page changes under the editor (takeTheirs, a followed tab's edit, a takeover). */
  #generation = 0;
  #closed = false;
  readonly #listeners = new Set<() => void>();
  readonly #waiters = new SaveWaiters();
  readonly #unsubscribe: () => void;

  constructor(parts: EditingSessionParts) {
    this.#store = parts.store;
    this.#journal = parts.journal;
    this.#lock = parts.lock;
    this.#seq = parts.journal?.lastSeq ?? 0;
    this.#base = parts.start.base;
    this.#state = parts.start.state;
    this.#unsubscribe = this.#store.subscribe((event) => {
      if (event.id !== this.#base.id || this.#state.status === 'following') return;
      if (event.type === 'saved' && event.revision <= this.#base.revision) return;
      void this.#conflict();
    });
    parts.journal?.listen(
      () => this.#notify(),
      (page) => this.#follow(page),
    );
    this.#begin(parts.start);
    if (this.#state.status !== 'following') return;
    this.#followed = parts.start.base;
    void this.#lock.whenHeld.then(async () => {
      if (this.#closed) return;
      this.#followed = undefined;
      this.#generation += 1;
      this.#begin(await parts.takeOver());
    });
  }

  /** The store the session saves to. */
  get store(): PageStore {
    return this.#store;
  }

  /** The page as last stored (or as loaded): the base of the next save. */
  get page(): Page {
    return this.#base;
  }

  /** The page with every edit so far, stored or not: what the editor shows. */
  get current(): Page {
    if (this.#followed !== undefined) return this.#followed;
    return this.#pending === undefined ? this.#base : { ...this.#base, ...this.#pending() };
  }

  /** Where saving stands. */
  get state(): EditingSessionState {
    return this.#state;
  }

  /** The edits kept on this device and not confirmed by the store yet (none without a journal). */
  get kept(): KeptEdits {
    return this.#journal?.kept ?? NOTHING_KEPT;
  }

  /** Whether another tab writes this page (the editor shows it read-only). */
  get readOnly(): boolean {
    return this.#state.status === 'following';
  }

  /** Changes each time the page is replaced under the editor (takeTheirs, a followed edit, a takeover). */
  get generation(): number {
    return this.#generation;
  }

  /** Listens to state and page changes; returns the unsubscribe function (useSyncExternalStore-shaped). */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /**
   * Records an edit: written to the journal, then saved in the next task (after the save in
   * flight, if any), so a burst of edits is one save. `edit` may be a function: it is called when
   * the edit is written and saved, so an editor can hand over its raw state and have it read as
   * late as possible (the Puck adapter's page leaves out inserts that started meanwhile). A
   * following session ignores edits (its editor is read-only).
   */
  update(edit: PageEdit | (() => PageEdit)): void {
    if (this.#state.status === 'following' || this.#closed) return;
    const pending = typeof edit === 'function' ? edit : () => edit;
    this.#pending = pending;
    this.#seq += 1;
    this.#journal?.edited(this.#seq, () => {
      const page = this.#pending?.();
      return { base: this.#base, document: this.#document, edit: page && this.#differs(page) ? page : undefined };
    });
    if (this.#state.status === 'conflict') {
      if (!this.#state.unsavedEdits && this.#differs(pending())) this.#setState({ ...this.#state, unsavedEdits: true });
      return;
    }
    this.#schedule();
  }

  /** Tries the failed save (or read) again. */
  retry(): void {
    if (this.#state.status === 'error') this.#drain();
  }

  /** Resolves once every edit so far is stored; rejects on a conflict or a failed save. */
  saved(): Promise<void> {
    if (this.#state.status === 'conflict') return Promise.reject(changedElsewhere(this.#base.id));
    // A retry in flight decides: wait for it.
    if (this.#state.status === 'error' && this.#running === undefined) return Promise.reject(this.#state.error);
    if (this.#state.status === 'following') return Promise.resolve();
    if (this.#running === undefined && this.#scheduled === undefined && this.#pending === undefined) {
      return Promise.resolve();
    }
    return this.#waiters.wait();
  }

  /** Resolves once every journal write asked for so far is complete. */
  journaled(): Promise<void> {
    return this.#journal?.written() ?? Promise.resolve();
  }

  /** Conflict choice: stores this session's page (every edit) over theirs. */
  async keepMine(): Promise<void> {
    if (this.#state.status !== 'conflict') return;
    const theirs = this.#state.theirs;
    const mine = this.current;
    this.#pending ??= () => ({ title: mine.title, content: mine.content });
    // Based on their revision (0 when they deleted the page: it is created again).
    this.#base = theirs ?? emptyPage(this.#base.id, this.#base.title);
    this.#document = this.#store.documentOf?.(this.#base.id);
    this.#journal?.rebased(this.#base, this.#document, undefined);
    this.#forceNextSave = true;
    this.#setState({ status: 'saved', revision: this.#base.revision });
    this.#drain();
    await this.saved();
  }

  /** Conflict choice: drops this session's unstored edits and continues from their page. */
  takeTheirs(): Page {
    if (this.#state.status !== 'conflict') return this.#base;
    this.#replaceBase(this.#state.theirs);
    this.#setState({ status: 'saved', revision: this.#base.revision });
    return this.#base;
  }

  /** Stops listening to the store, gives the page's lock up (the store itself stays open). */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#scheduled);
    this.#retry.stop();
    this.#unsubscribe();
    this.#listeners.clear();
    // The lock goes once the journal holds every edit: the tab that takes over reads it.
    void this.journaled().then(() => {
      this.#journal?.close();
      this.#lock.release();
    });
  }

  /** The writing tab's page, as it shows it now. */
  #follow(page: Page): void {
    if (this.#state.status !== 'following') return;
    this.#followed = page;
    this.#generation += 1;
    this.#notify();
  }

  /** Starts writing from `start` (at open, or when this session takes over from another tab). */
  #begin(start: SessionStart): void {
    this.#base = start.base;
    this.#document = start.document;
    this.#verified = start.verified;
    this.#seq = Math.max(this.#seq, this.#journal?.lastSeq ?? 0);
    const edit = start.edit;
    this.#pending = edit === undefined ? undefined : () => edit;
    this.#setState(start.state);
    // Read from the store with no edits over it: the device's last known page (edits the store
    // already holds leave the journal).
    if (start.verified && edit === undefined) this.#journal?.rebased(start.base, start.document, this.#seq);
    if (start.state.status === 'error') this.#retry.later();
    else if (start.state.status === 'saved' && this.#pending !== undefined) this.#drain();
  }

  #replaceBase(page: Page | undefined): void {
    this.#base = page ?? emptyPage(this.#base.id, this.#base.title);
    this.#document = this.#store.documentOf?.(this.#base.id);
    this.#pending = undefined;
    this.#journal?.rebased(this.#base, this.#document, this.#seq);
    this.#generation += 1;
  }

  #schedule(): void {
    if (this.#running !== undefined || this.#scheduled !== undefined) return;
    this.#scheduled = setTimeout(() => {
      this.#scheduled = undefined;
      this.#drain();
    }, 0);
  }

  #drain(): void {
    if (this.#running !== undefined || this.#closed) return;
    this.#retry.pause();
    this.#running = this.#saveAll().finally(() => {
      this.#running = undefined;
      // An edit that came after the loop's last look, before this callback: save it too.
      if (this.#pending !== undefined && this.#state.status === 'saved') this.#drain();
      else this.#settleWaiters();
      if (this.#state.status === 'error') this.#retry.later();
      else this.#retry.reset();
    });
  }

  async #saveAll(): Promise<void> {
    if (!this.#verified && !(await this.#verifyBase())) return;
    if (this.#state.status === 'error') this.#setState({ status: 'saved', revision: this.#base.revision });
    while (this.#pending !== undefined && this.#state.status !== 'conflict') {
      const pending = this.#pending;
      const seq = this.#seq;
      const edit = pending();
      if (!this.#forceNextSave && !this.#differs(edit)) {
        if (this.#pending === pending) this.#pending = undefined;
        if (this.#state.status !== 'saved') this.#setState({ status: 'saved', revision: this.#base.revision });
        continue;
      }
      this.#setState({ status: 'saving' });
      try {
        const stored = await this.#store.save({ ...this.#base, title: edit.title, content: edit.content });
        this.#forceNextSave = false;
        this.#base = stored;
        this.#document = this.#store.documentOf?.(stored.id);
        if (this.#pending === pending) this.#pending = undefined;
        this.#journal?.confirmed(seq, stored, this.#document, this.#pending?.());
        this.#setState({ status: 'saved', revision: stored.revision });
      } catch (error) {
        if (error instanceof SdkError && error.code === 'store-conflict') await this.#conflict();
        else this.#setState({ status: 'error', error });
        return;
      }
    }
  }

  /**
   * The base came from the journal (the store could not be read when the session opened): read
   * the store before saving over it. Someone else's change since is a conflict when this session
   * has edits, and simply loaded when it has none. False: stop (error or conflict).
   */
  async #verifyBase(): Promise<boolean> {
    let stored: Page | undefined;
    try {
      stored = await this.#store.get(this.#base.id);
    } catch (error) {
      this.#setState({ status: 'error', error });
      return false;
    }
    this.#verified = true;
    const document = this.#store.documentOf?.(this.#base.id);
    if (isStoredBase(this.#base, this.#document, stored, document)) return true;
    const pending = this.#pending?.();
    if (pending !== undefined && !holdsEdit(stored, pending) && this.#differs(pending)) {
      this.#setState({ status: 'conflict', theirs: stored, unsavedEdits: true });
      return false;
    }
    this.#replaceBase(stored);
    this.#setState({ status: 'saved', revision: this.#base.revision });
    return true;
  }

  /** Another writer got there first: read their page and ask the user. */
  async #conflict(): Promise<void> {
    if (this.#state.status === 'conflict') return;
    let theirs: Page | undefined;
    try {
      theirs = await this.#store.get(this.#base.id);
    } catch (error) {
      // Their page cannot be read (offline now): an error, tried again like a failed save.
      this.#setState({ status: 'error', error });
      if (this.#running === undefined) this.#retry.later();
      return;
    }
    // Our own save may have landed meanwhile and be theirs: nothing to choose then.
    if (theirs !== undefined && theirs.revision === this.#base.revision) return;
    const unsavedEdits = this.#pending !== undefined && this.#differs(this.#pending());
    this.#setState({ status: 'conflict', theirs, unsavedEdits });
    this.#settleWaiters();
  }

  #differs(edit: PageEdit): boolean {
    return edit.title !== this.#base.title || !sameContent(edit.content, this.#base.content);
  }

  #settleWaiters(): void {
    const state = this.#state;
    if (state.status === 'saving' || this.#running !== undefined) return;
    if (state.status === 'saved' && this.#pending !== undefined) return;
    this.#waiters.settle(state, this.#base.id);
  }

  #setState(state: EditingSessionState): void {
    this.#state = state;
    this.#notify();
  }

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }
}
