import type { Page } from '@runtime-component-catalog/contracts';

/** Where an editing session's saving stands. */
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
  /**
   * The last save (or read) failed for another reason than a conflict; the edits stay kept on the
   * device. The next edit, `retry()`, the browser's `online` event and a timer try again. SdkError
   * `network`: the store cannot be reached (offline).
   */
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
    }
  /**
   * Another tab of this browser writes this page: this one shows what that tab shows, read-only,
   * and takes over when that tab closes (docs/sdk-edit-journal.md "One writer per page").
   */
  | {
      /** Another tab writes this page; this one follows it. */
      readonly status: 'following';
    };
