'use client';

// Puck's styles without the web font it would fetch from rsms.me.
import '@puckeditor/core/no-external.css';
import { SdkError } from '@runtime-component-catalog/sdk';
import { CatalogEditor, PreviewModeToggle } from '@runtime-component-catalog/sdk/puck';
import { useEffect, useState } from 'react';
import { type OpenEditor, openEditor } from './open-editor';
import type { PageStoreSettings } from './page-store-settings';

type EditorState =
  | { readonly status: 'starting' }
  | { readonly status: 'ready'; readonly editor: OpenEditor }
  | { readonly status: 'failed'; readonly message: string };

/**
 * The editor of each page this tab opened, kept while the tab lives: React's development mode runs
 * effects twice, and coming back to /editor from a site page (interactive mode) finds it open,
 * with its session (one writer per page and tab).
 */
const opened = new Map<string, Promise<OpenEditor>>();

/**
 * The editor, a client component. On the server (and when `next build` prerenders it) it renders
 * its starting state only: everything that needs the browser runs in the effect.
 */
export function CatalogEditorPage({ pageStore }: { readonly pageStore: PageStoreSettings }) {
  const [state, setState] = useState<EditorState>({ status: 'starting' });
  useEffect(() => {
    const pageId = new URLSearchParams(location.search).get('page') ?? 'home';
    let opening = opened.get(pageId);
    if (opening === undefined) {
      opening = openEditor(pageStore, pageId);
      opened.set(pageId, opening);
    }
    opening.then(
      (editor) => setState({ status: 'ready', editor }),
      (error: unknown) =>
        setState({
          status: 'failed',
          message: error instanceof SdkError ? `${error.code}: ${error.message}` : String(error),
        }),
    );
  }, [pageStore]);
  if (state.status === 'starting') return <p aria-busy="true">Opening the editor…</p>;
  if (state.status === 'failed') return <p role="alert">The editor could not start: {state.message}</p>;
  const { adapter, session, worker } = state.editor;
  return (
    <div style={{ height: '100vh' }}>
      <CatalogEditor
        adapter={adapter}
        session={session}
        iframe={{ enabled: false }}
        overrides={{
          headerActions: () => (
            <>
              <output data-testid="catalog-worker" data-state={'error' in worker ? 'failed' : 'ready'}>
                {'error' in worker ? `Offline copy unavailable: ${worker.error}` : 'Offline copy on'}
              </output>
              <PreviewModeToggle />
            </>
          ),
        }}
      />
    </div>
  );
}
