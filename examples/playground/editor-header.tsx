import { Button, createUsePuck } from '@puckeditor/core';

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
