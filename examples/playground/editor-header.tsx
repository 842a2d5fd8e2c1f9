import { Button, createUsePuck } from '@puckeditor/core';

/** Where the page's saving stands. */
export type SaveState =
  | { readonly status: 'saved'; readonly revision: number }
  | { readonly status: 'saving' }
  | { readonly status: 'error'; readonly message: string };

/** Another tab saved this page: this tab no longer saves; a reload shows the saved page. */
export function ChangedElsewhere() {
  return (
    <span data-testid="changed-elsewhere" role="alert" style={{ fontSize: 12, color: '#b45309', whiteSpace: 'nowrap' }}>
      Changed in another tab, not saving here ·{' '}
      <Button type="button" variant="secondary" onClick={() => location.reload()}>
        Reload
      </Button>
    </span>
  );
}

/** The save state of the page, in the header. */
export function SaveStatus({ state }: { readonly state: SaveState }) {
  const text =
    state.status === 'saved'
      ? state.revision === 0
        ? 'Not saved yet'
        : `Saved · revision ${state.revision}`
      : state.status === 'saving'
        ? 'Saving…'
        : `Not saved: ${state.message}`;
  return (
    <span
      data-testid="save-status"
      data-status={state.status}
      data-revision={state.status === 'saved' ? state.revision : undefined}
      role={state.status === 'error' ? 'alert' : undefined}
      style={{ fontSize: 12, whiteSpace: 'nowrap', color: state.status === 'error' ? '#b91c1c' : '#475569' }}
    >
      {text}
    </span>
  );
}

const usePuck = createUsePuck();

/**
 * Edit mode (a click selects an instance, its fields open) or interactive mode (clicks reach the
 * components: press the counter's button, follow nothing — links stay in the editor).
 */
export function PreviewModeToggle() {
  const previewMode = usePuck((puck) => puck.appState.ui.previewMode);
  const dispatch = usePuck((puck) => puck.dispatch);
  const interactive = previewMode === 'interactive';
  return (
    <Button
      type="button"
      variant="secondary"
      data-testid="preview-mode"
      onClick={() => dispatch({ type: 'setUi', ui: { previewMode: interactive ? 'edit' : 'interactive' } })}
    >
      {interactive ? 'Interactive' : 'Edit mode'}
    </Button>
  );
}
