import { Button, type Data, Puck } from '@puckeditor/core';
import type { Page } from '@runtime-component-catalog/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CatalogClient, CatalogView, CatalogWorker, PageStore } from '../../sdk/index.js';
import { SdkError } from '../../sdk/index.js';
import type { PuckAdapter } from '../../sdk/puck/index.js';
import type { ContentSourceTracker } from './content-source.js';
import { ChangedElsewhere, PreviewModeToggle, type SaveState, SaveStatus } from './editor-header.js';
import { PlaygroundHooksBinder } from './playground-hooks-binder.js';
import { PublisherPanel } from './publisher-panel.js';
import { StatusIndicator } from './status-indicator.js';

/** Props of {@link Editor}. */
export interface EditorProps {
  readonly adapter: PuckAdapter;
  readonly client: CatalogClient;
  readonly catalog: CatalogView;
  readonly store: PageStore;
  readonly initialPage: Page;
  readonly source: ContentSourceTracker;
  readonly worker: CatalogWorker | undefined;
  readonly workerError: string | undefined;
}

/**
 * Puck on the SDK: every change is saved to the page store (one save at a time, each based on
 * the revision the last one answered). When another tab saves this page, this tab says so and
 * stops saving (its next save would be refused as a conflict): the other tab's page is kept, and
 * a reload shows it.
 */
export function Editor({ adapter, client, catalog, store, initialPage, source, worker, workerError }: EditorProps) {
  const [initialData] = useState<Data>(() => adapter.toPuckData(initialPage));
  const [saveState, setSaveState] = useState<SaveState>({ status: 'saved', revision: initialPage.revision });
  const [publisherOpen, setPublisherOpen] = useState(false);
  const page = useRef(initialPage);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef<Data | undefined>(undefined);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const changedElsewhereRef = useRef(false);
  changedElsewhereRef.current = changedElsewhere;

  useEffect(
    () =>
      store.subscribe((event) => {
        if (event.id !== page.current.id) return;
        if (event.type === 'deleted' || event.revision > page.current.revision) setChangedElsewhere(true);
      }),
    [store],
  );

  const save = useCallback(
    (data: Data) => {
      latest.current = data;
      queue.current = queue.current.then(async () => {
        if (latest.current !== data) return; // a newer change will save this one too
        if (changedElsewhereRef.current) return; // the other tab's page wins until a reload
        const next = adapter.toPage(data, page.current);
        // Puck reports changes that change nothing (opening the page, selecting): no save.
        if (JSON.stringify([next.title, next.content]) === JSON.stringify([page.current.title, page.current.content])) {
          return;
        }
        setSaveState({ status: 'saving' });
        try {
          page.current = await store.save(next);
          setSaveState({ status: 'saved', revision: page.current.revision });
        } catch (error) {
          const message = error instanceof SdkError ? error.message : String(error);
          setSaveState({ status: 'error', message });
          if (error instanceof SdkError && error.code === 'store-conflict') setChangedElsewhere(true);
        }
      });
    },
    [adapter, store],
  );

  return (
    <div style={{ height: '100vh', display: 'flex' }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Puck
          config={adapter.config}
          data={initialData}
          onChange={save}
          onPublish={save}
          iframe={{ enabled: false }}
          overrides={{
            ...adapter.overrides,
            headerActions: ({ children }) => (
              <>
                <StatusIndicator source={source} worker={worker} workerError={workerError} />
                {changedElsewhere ? <ChangedElsewhere /> : <SaveStatus state={saveState} />}
                <PreviewModeToggle />
                <Button
                  type="button"
                  variant="secondary"
                  data-testid="toggle-publisher"
                  onClick={() => setPublisherOpen((open) => !open)}
                >
                  Publisher
                </Button>
                {children}
              </>
            ),
          }}
        >
          <PlaygroundHooksBinder adapter={adapter} client={client} store={store} pageId={initialPage.id} />
        </Puck>
      </div>
      {publisherOpen && <PublisherPanel catalog={catalog} onClose={() => setPublisherOpen(false)} />}
    </div>
  );
}
