import { Button } from '@puckeditor/core';
import { useState } from 'react';
import type { CatalogClient, CatalogView, CatalogWorker, EditingSession } from '../../sdk/index.js';
import { CatalogEditor, PreviewModeToggle, type PuckAdapter } from '../../sdk/puck/index.js';
import type { ContentSourceTracker } from './content-source.js';
import { PlaygroundHooksBinder } from './playground-hooks-binder.js';
import { PublisherPanel } from './publisher-panel.js';
import { StatusIndicator } from './status-indicator.js';

/** Props of {@link Editor}. */
export interface EditorProps {
  readonly adapter: PuckAdapter;
  readonly client: CatalogClient;
  readonly catalog: CatalogView;
  readonly session: EditingSession;
  readonly source: ContentSourceTracker;
  readonly worker: CatalogWorker | undefined;
  readonly workerError: string | undefined;
}

/**
 * The playground editor: the SDK's CatalogEditor (Puck on the catalog, every change saved through
 * the editing session, its save state and conflict choice in the header), with the playground's
 * own header actions (online/mirror status, edit/interactive, the publisher panel) and hooks.
 */
export function Editor({ adapter, client, catalog, session, source, worker, workerError }: EditorProps) {
  const [publisherOpen, setPublisherOpen] = useState(false);
  return (
    <div style={{ height: '100vh', display: 'flex' }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <CatalogEditor
          adapter={adapter}
          session={session}
          iframe={{ enabled: false }}
          overrides={{
            headerActions: () => (
              <>
                <StatusIndicator source={source} worker={worker} workerError={workerError} />
                <PreviewModeToggle />
                <Button
                  type="button"
                  variant="secondary"
                  data-testid="toggle-publisher"
                  onClick={() => setPublisherOpen((open) => !open)}
                >
                  Publisher
                </Button>
              </>
            ),
          }}
        >
          <PlaygroundHooksBinder adapter={adapter} client={client} session={session} />
        </CatalogEditor>
      </div>
      {publisherOpen && <PublisherPanel catalog={catalog} onClose={() => setPublisherOpen(false)} />}
    </div>
  );
}
