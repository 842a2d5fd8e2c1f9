import { useSyncExternalStore } from 'react';
import type { EditingSession } from '../editing-session.js';
import { SdkError } from '../sdk-error.js';

const TEXT = { fontSize: 12, whiteSpace: 'nowrap', color: '#475569' } as const;
const ALERT = { ...TEXT, color: '#b45309', display: 'inline-flex', gap: 6, alignItems: 'center' } as const;

/**
 * Where the page's saving stands, in the editor's header: saved (with the revision), saving, a
 * failed save with Retry, or the conflict choice when another tab saved or deleted this page:
 * **Keep mine** stores this tab's page over theirs, **Load theirs** drops this tab's unstored edits
 * and shows their page. Nothing is saved until the user picks one. Offline (or after a failed
 * save), how many edits this device keeps that the store has not confirmed, and since when; when
 * another tab writes the page, that this one follows it, read-only.
 *
 * @param props - The editing session whose saving is shown.
 */
export function SessionStatus({ session }: { readonly session: EditingSession }) {
  const state = useSyncExternalStore(
    session.subscribe,
    () => session.state,
    () => session.state,
  );
  // Re-rendered with the session's kept edits too (they change without a state change).
  useSyncExternalStore(
    session.subscribe,
    () => session.kept,
    () => session.kept,
  );
  if (state.status === 'conflict') {
    const what = state.theirs === undefined ? 'Deleted in another tab' : 'Changed in another tab';
    return (
      <span data-testid="changed-elsewhere" data-unsaved-edits={state.unsavedEdits} role="alert" style={ALERT}>
        {what}
        {state.unsavedEdits ? ', your edits are not saved' : ''}
        <KeptOnDevice session={session} />:
        <button type="button" data-testid="keep-mine" onClick={() => void session.keepMine().catch(() => {})}>
          Keep mine
        </button>
        <button type="button" data-testid="take-theirs" onClick={() => session.takeTheirs()}>
          Load theirs
        </button>
      </span>
    );
  }
  if (state.status === 'following') {
    return (
      <span data-testid="save-status" data-status="following" style={TEXT}>
        Open in another tab: this tab follows it (read-only)
      </span>
    );
  }
  if (state.status === 'error') {
    const offline = state.error instanceof SdkError && state.error.code === 'network';
    const message = state.error instanceof Error ? state.error.message : String(state.error);
    const code = state.error instanceof SdkError ? state.error.code : undefined;
    return (
      <span data-testid="save-status" data-status="error" data-error-code={code} role="alert" style={ALERT}>
        {offline ? 'Offline: the page store cannot be reached' : `Not saved: ${message}`}
        <KeptOnDevice session={session} />
        <button type="button" onClick={() => session.retry()}>
          Retry
        </button>
      </span>
    );
  }
  return (
    <span
      data-testid="save-status"
      data-status={state.status}
      data-revision={state.status === 'saved' ? state.revision : undefined}
      style={TEXT}
    >
      {state.status === 'saving'
        ? 'Saving…'
        : state.revision === 0
          ? 'Not saved yet'
          : `Saved · revision ${state.revision}`}
      {session.kept.failure === undefined ? null : <KeptOnDevice session={session} />}
    </span>
  );
}

/** How many edits this device keeps that the store has not confirmed, and since when. */
function KeptOnDevice({ session }: { readonly session: EditingSession }) {
  const { count, since, failure } = session.kept;
  if (failure !== undefined) {
    return (
      <span data-testid="journal-failure" role="alert">
        · edits are not kept on this device ({failure}): keep this tab open until they are saved
      </span>
    );
  }
  if (count === 0 || since === undefined) return null;
  const time = new Date(since).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <span data-testid="kept-edits" data-count={count} data-since={since}>
      · {count === 1 ? '1 edit' : `${count} edits`} kept on this device since {time}, not saved yet
    </span>
  );
}
