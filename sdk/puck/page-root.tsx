import { createUsePuck } from '@puckeditor/core';
import type { ReactNode } from 'react';

const usePuck = createUsePuck();

const HINT = {
  margin: 16,
  padding: '28px 16px',
  border: '2px dashed #cbd5e1',
  borderRadius: 8,
  color: '#475569',
  font: '15px system-ui, sans-serif',
  textAlign: 'center',
  pointerEvents: 'none',
} as const;

/** The page on the canvas: its instances, and while it has none, what to do. */
export function PageRoot({ children }: { readonly children: ReactNode }) {
  const empty = usePuck((puck) => puck.appState.data.content.length === 0);
  return (
    <>
      {empty && (
        <p data-testid="empty-canvas" style={HINT}>
          This page is empty. Drag a component from the list on the left and drop it here.
        </p>
      )}
      {children}
    </>
  );
}
