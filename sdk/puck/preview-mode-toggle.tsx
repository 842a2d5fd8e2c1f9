import { Button, createUsePuck } from '@puckeditor/core';

const usePuck = createUsePuck();

/**
 * The header's switch between Puck's two preview modes (`data-testid="preview-mode"`): edit mode
 * (a click selects an instance and opens its fields; links and forms inside components keep the
 * editor where it is) and interactive mode (clicks reach the components: a counter counts, a link
 * navigates as on the site). Put it in CatalogEditor's `overrides.headerActions`.
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
