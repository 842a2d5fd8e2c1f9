import type { ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import type { PageStore } from './page-store/page-store.js';
import { SdkError } from './sdk-error.js';

/** What an edit changes: the page's title and content (id, revision and time are the session's). */
export type PageEdit = Pick<Page, 'title' | 'content'>;

/** Where the session's saving stands. */
export type EditingSessionState =
  /** Every edit is stored; `revision` is the stored page's. */
  | {
      /** Every edit is stored. */
      readonly status: 'saved';
      /** The stored page's revision. */
      readonly revision: number;
    }
  /** A save is on its way. */
  | {
      /** A save is on its way. */
      readonly status: 'saving';
    }
  /** The last save failed for another reason than a conflict; the next edit, or `retry()`, tries again. */
  | {
      /** The last save failed (not a conflict). */
      readonly status: 'error';
      /** What it failed with (an `SdkError` from the store, usually). */
      readonly error: unknown;
    }
  /**
   * Another tab (or editor) stored this page since this session's base, or deleted it. Nothing is
   * saved until the user chooses: `keepMine()` stores this session's page over theirs, or
   * `takeTheirs()` continues from theirs. Until then every edit is kept, none is lost.
   */
  | {
      /** Another tab stored or deleted this page: the user chooses. */
      readonly status: 'conflict';
      /** Their page (undefined: they deleted it). */
      readonly theirs: Page | undefined;
      /** Whether this session has edits that are not stored. */
      readonly unsavedEdits: boolean;
    };

/** Options of {@link openEditingSession}. */
export interface EditingSessionOptions {
  /** Where the page is read from and saved to. */
  readonly store: PageStore;
  /** The page being edited (created on the first save when the store has none). */
  readonly pageId: string;
  /** The title of the page when the store has none yet (default: the page id). */
  readonly newTitle?: string;
}

/**
 * One page being edited (docs/design.md "Page data"; the SDK's editing session): edits are saved one
 * at a time, each based on the revision the previous save answered, only the newest (it holds
 * every earlier one), and not at all when it changes nothing. A save refused as a conflict, or
 * another tab's save or delete of this page, stops the saving and asks the user to choose; an
 * edit is never dropped without that choice. Instances whose insert has not finished never reach
 * the session: the editor adapter leaves them out of the page it hands over.
 */
export class EditingSession {
  readonly #store: PageStore;
  #base: Page;
  /** The newest edit not stored yet (read when it is saved: see `update`). */
  #pending: (() => PageEdit) | undefined;
  /** The save scheduled for the next task, if any. */
  #scheduled: ReturnType<typeof setTimeout> | undefined;
  #state: EditingSessionState;
  #running: Promise<void> | undefined;
  /** Set by keepMine: the next save goes ahead even if it equals the base. */
  #forceNextSave = false;
  /** Bumped whenever the page changes under the editor (takeTheirs): the editor reloads it. */
  #generation = 0;
  readonly #listeners = new Set<() => void>();
  readonly #idle = new Set<{ resolve: () => void; reject: (error: unknown) => void }>();
  readonly #unsubscribe: () => void;

  constructor(store: PageStore, page: Page) {
    this.#store = store;
    this.#base = page;
    this.#state = { status: 'saved', revision: page.revision };
    this.#unsubscribe = store.subscribe((event) => {
      if (event.id !== this.#base.id) return;
      if (event.type === 'saved' && event.revision <= this.#base.revision) return;
      void this.#conflict();
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
    return this.#pending === undefined ? this.#base : { ...this.#base, ...this.#pending() };
  }

  /** Where saving stands. */
  get state(): EditingSessionState {
    return this.#state;
  }

  /** Changes each time the page is replaced under the editor (after `takeTheirs`). */
  get generation(): number {
    return this.#generation;
  }

  /** Listens to state and page changes; returns the unsubscribe function (useSyncExternalStore-shaped). */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /**
   * Records an edit and saves it in the next task (after the save in flight, if any), so a burst
   * of edits is one save. `edit` may be a function: it is called when the save is made, so an
   * editor can hand over its raw state and have it read as late as possible (the Puck adapter's
   * page leaves out inserts that started meanwhile).
   */
  update(edit: PageEdit | (() => PageEdit)): void {
    this.#pending = typeof edit === 'function' ? edit : () => edit;
    if (this.#state.status === 'conflict') {
      if (!this.#state.unsavedEdits && this.#differs(this.#pending())) {
        this.#setState({ ...this.#state, unsavedEdits: true });
      }
      return;
    }
    this.#schedule();
  }

  /** Tries the failed save again. */
  retry(): void {
    if (this.#state.status === 'error') this.#drain();
  }

  /** Resolves once every edit so far is stored; rejects on a conflict or a failed save. */
  saved(): Promise<void> {
    if (this.#state.status === 'conflict') {
      return Promise.reject(new SdkError('store-conflict', `Page ${this.#base.id} was changed elsewhere`));
    }
    if (this.#state.status === 'error') return Promise.reject(this.#state.error);
    if (this.#running === undefined && this.#scheduled === undefined && this.#pending === undefined) {
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => this.#idle.add({ resolve, reject }));
  }

  /** Conflict choice: stores this session's page (every edit) over theirs. */
  async keepMine(): Promise<void> {
    if (this.#state.status !== 'conflict') return;
    const theirs = this.#state.theirs;
    const mine = this.current;
    this.#pending ??= () => ({ title: mine.title, content: mine.content });
    // Based on their revision (0 when they deleted the page: it is created again).
    this.#base = { ...this.#base, revision: theirs?.revision ?? 0 };
    this.#forceNextSave = true;
    this.#setState({ status: 'saved', revision: this.#base.revision });
    this.#drain();
    await this.saved();
  }

  /** Conflict choice: drops this session's unstored edits and continues from their page. */
  takeTheirs(): Page {
    if (this.#state.status !== 'conflict') return this.#base;
    this.#base = this.#state.theirs ?? emptyPage(this.#base.id, this.#base.title);
    this.#pending = undefined;
    this.#generation += 1;
    this.#setState({ status: 'saved', revision: this.#base.revision });
    return this.#base;
  }

  /** Stops listening to the store (the store itself stays open). */
  close(): void {
    clearTimeout(this.#scheduled);
    this.#unsubscribe();
    this.#listeners.clear();
  }

  #schedule(): void {
    if (this.#running !== undefined || this.#scheduled !== undefined) return;
    this.#scheduled = setTimeout(() => {
      this.#scheduled = undefined;
      this.#drain();
    }, 0);
  }

  #drain(): void {
    if (this.#running !== undefined) return;
    this.#running = this.#saveAll().finally(() => {
      this.#running = undefined;
      // An edit that came after the loop's last look, before this callback: save it too.
      if (this.#pending !== undefined && this.#state.status === 'saved') this.#drain();
      else this.#settleWaiters();
    });
  }

  async #saveAll(): Promise<void> {
    while (this.#pending !== undefined && this.#state.status !== 'conflict') {
      const pending = this.#pending;
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
        if (this.#pending === pending) this.#pending = undefined;
        this.#setState({ status: 'saved', revision: stored.revision });
      } catch (error) {
        if (error instanceof SdkError && error.code === 'store-conflict') {
          await this.#conflict();
        } else {
          this.#setState({ status: 'error', error });
        }
        return;
      }
    }
  }

  /** Another writer got there first: read their page and ask the user. */
  async #conflict(): Promise<void> {
    if (this.#state.status === 'conflict') return;
    const theirs = await this.#store.get(this.#base.id).catch(() => this.#base);
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
    for (const waiter of this.#idle) {
      if (state.status === 'saved') waiter.resolve();
      else if (state.status === 'error') waiter.reject(state.error);
      else waiter.reject(new SdkError('store-conflict', `Page ${this.#base.id} was changed elsewhere`));
    }
    this.#idle.clear();
  }

  #setState(state: EditingSessionState): void {
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }
}

/**
 * Opens the editing session of `pageId`: the stored page, or a new empty one (revision 0, saved
 * on its first edit).
 */
export async function openEditingSession(options: EditingSessionOptions): Promise<EditingSession> {
  const page =
    (await options.store.get(options.pageId)) ?? emptyPage(options.pageId, options.newTitle ?? options.pageId);
  return new EditingSession(options.store, page);
}

function emptyPage(id: string, title: string): Page {
  return { id, title, revision: 0, updatedAt: '', content: [] };
}

function sameContent(a: readonly ComponentInstance[], b: readonly ComponentInstance[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
