import type { Page } from '@runtime-component-catalog/contracts';
import type { EditJournal, JournalEntry, PageEdit } from './edit-journal.js';
import type { KeptEdits } from './kept-edits.js';
import { PageFollowChannel } from './page-follow-channel.js';

/** What the session holds when an edit is written: its base, the base's document, and the page with every edit. */
export interface SessionSnapshot {
  readonly base: Page;
  readonly document: string | undefined;
  /** Undefined when the edits change nothing (the page equals its base). */
  readonly edit: PageEdit | undefined;
}

const NONE: KeptEdits = { count: 0, since: undefined };

/**
 * One page's part of the edit journal, as its writer (the editing session) keeps it
 * (docs/sdk-edit-journal.md). Edits are numbered; an edit is written as it is made, a burst of
 * them as one write of the newest state (it holds every earlier one), and counted in `kept` only
 * once its write is complete. A confirmed save removes the edits it held, never a newer one.
 * Every write goes through one queue, in order; each also tells the tabs that follow the page.
 */
export class JournalOfPage {
  readonly #journal: EditJournal;
  readonly #deviceKey: string;
  readonly #pageId: string;
  #onKept: () => void = () => {};
  readonly #channel: PageFollowChannel;
  #queue: Promise<void> = Promise.resolve();
  /** The newest edit waiting for its write, read when the write starts. */
  #next: { readonly seq: number; readonly read: () => SessionSnapshot } | undefined;
  #writeQueued = false;
  #confirmedSeq: number;
  #writtenSeq: number;
  /** When each unconfirmed edit was made, oldest first. */
  #times: [number, string][] = [];
  #kept: KeptEdits;
  #failure: string | undefined;

  constructor(journal: EditJournal, deviceKey: string, pageId: string) {
    this.#journal = journal;
    this.#deviceKey = deviceKey;
    this.#pageId = pageId;
    this.#channel = new PageFollowChannel(deviceKey, pageId);
    this.#confirmedSeq = 0;
    this.#writtenSeq = 0;
    this.#kept = NONE;
  }

  /** Reads the page's record (at open, and when this tab takes over from the one that wrote it). */
  async read(): Promise<JournalEntry | undefined> {
    const entry = await this.#journal.read(this.#deviceKey, this.#pageId);
    const edits = entry?.edits;
    this.#confirmedSeq = edits === undefined ? 0 : edits.firstSeq - 1;
    this.#writtenSeq = edits?.lastSeq ?? 0;
    this.#times = edits === undefined ? [] : [[edits.firstSeq, edits.since]];
    this.#kept = edits === undefined ? NONE : { count: edits.lastSeq - edits.firstSeq + 1, since: edits.since };
    return entry;
  }

  /** The number of the newest edit written or confirmed (the session numbers on from it). */
  get lastSeq(): number {
    return Math.max(this.#writtenSeq, this.#confirmedSeq);
  }

  /** The edits kept on this device and not confirmed yet. */
  get kept(): KeptEdits {
    return this.#kept;
  }

  /**
   * Listens: `onKept` when `kept` changes, `onFollowed` with the page the writing tab shows now
   * (heard only by tabs that follow it).
   */
  listen(onKept: () => void, onFollowed: (page: Page) => void): void {
    this.#onKept = onKept;
    this.#channel.listen(({ page, kept }) => {
      this.#kept = kept;
      onFollowed(page);
    });
  }

  /** Edit `seq` was made: `read` gives the session's state when its write starts. */
  edited(seq: number, read: () => SessionSnapshot): void {
    this.#times.push([seq, new Date().toISOString()]);
    this.#next = { seq, read };
    if (this.#writeQueued) return;
    this.#writeQueued = true;
    this.#enqueue(async () => {
      this.#writeQueued = false;
      const next = this.#next;
      this.#next = undefined;
      if (next === undefined || next.seq <= this.#confirmedSeq) return;
      const { base, document, edit } = next.read();
      if (edit === undefined) this.#confirmedSeq = next.seq;
      const firstSeq = this.#confirmedSeq + 1;
      const entry: JournalEntry =
        edit === undefined
          ? { base, document }
          : { base, document, edits: { page: edit, firstSeq, lastSeq: next.seq, since: this.#sinceOf(firstSeq) } };
      await this.#journal.write(this.#deviceKey, this.#pageId, entry);
      this.#writtenSeq = Math.max(this.#writtenSeq, next.seq);
      return edit === undefined ? base : { ...base, ...edit };
    });
  }

  /** The store holds every edit up to `seq`: `stored` is the new base; newer edits stay. */
  confirmed(seq: number, stored: Page, document: string | undefined, current: PageEdit | undefined): void {
    this.#confirmedSeq = Math.max(this.#confirmedSeq, seq);
    // A newer edit's write is waiting: it writes the new base too (one write, not two).
    if (this.#writeQueued && this.#next !== undefined && this.#next.seq > this.#confirmedSeq) return;
    this.#enqueue(async () => {
      const since = this.#sinceOf(this.#confirmedSeq + 1);
      await this.#journal.update(this.#deviceKey, this.#pageId, (entry) => {
        const edits = entry?.edits;
        if (edits === undefined || edits.lastSeq <= this.#confirmedSeq) return { base: stored, document };
        return { base: stored, document, edits: { ...edits, firstSeq: this.#confirmedSeq + 1, since } };
      });
      return current === undefined ? stored : { ...stored, ...current };
    });
  }

  /**
   * The page under the edits changed by the user's choice: `base` with the edits kept (keep mine)
   * or with every edit so far dropped (take theirs, `seq` the newest edit).
   */
  rebased(base: Page, document: string | undefined, dropUpTo: number | undefined): void {
    if (dropUpTo !== undefined) this.#confirmedSeq = Math.max(this.#confirmedSeq, dropUpTo);
    this.#enqueue(async () => {
      await this.#journal.update(this.#deviceKey, this.#pageId, (entry) =>
        entry?.edits === undefined || entry.edits.lastSeq <= this.#confirmedSeq
          ? { base, document }
          : { ...entry, base, document },
      );
      return undefined;
    });
  }

  /** Resolves once every write asked for so far is complete. */
  written(): Promise<void> {
    return this.#queue;
  }

  /** Stops telling the tabs that follow the page. */
  close(): void {
    this.#channel.close();
  }

  /** Queues `write`; the page it answers is told to the following tabs, with the count. */
  #enqueue(write: () => Promise<Page | undefined>): void {
    let shown: Page | undefined;
    this.#queue = this.#queue
      .then(write)
      .then(
        (page) => {
          this.#failure = undefined;
          shown = page ?? undefined;
        },
        // A failed write (a full disk, say) leaves the edit in memory, saved by the session as
        // before; `kept.failure` says the device does not hold it.
        (error: unknown) => {
          this.#failure = error instanceof Error ? error.message : String(error);
        },
      )
      .then(() => {
        this.#count();
        if (shown !== undefined) this.#channel.post({ page: shown, kept: this.#kept });
      });
  }

  #count(): void {
    this.#times = this.#times.filter(([seq]) => seq > this.#confirmedSeq);
    const count = Math.max(0, this.#writtenSeq - this.#confirmedSeq);
    const since = count === 0 ? undefined : this.#sinceOf(this.#confirmedSeq + 1);
    const failure = this.#failure;
    if (count === this.#kept.count && since === this.#kept.since && failure === this.#kept.failure) return;
    this.#kept =
      count === 0 && failure === undefined ? NONE : { count, since, ...(failure === undefined ? {} : { failure }) };
    this.#onKept();
  }

  /** The time of the oldest edit numbered `seq` or later. */
  #sinceOf(seq: number): string {
    return this.#times.find(([at]) => at >= seq)?.[1] ?? this.#times.at(-1)?.[1] ?? new Date().toISOString();
  }
}
