import { Button, createUsePuck, type Data, Puck, useGetPuck } from '@puckeditor/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../../contracts/index.js';
import type { CatalogClient, CatalogView, CatalogWorker, PageStore } from '../../sdk/index.js';
import { SdkError } from '../../sdk/index.js';
import type { PuckAdapter, PuckInsertApi } from '../../sdk/puck/index.js';
import type { ContentSourceTracker } from './content-source.js';
import type {} from './playground-hooks.js';
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

type SaveState =
  | { readonly status: 'saved'; readonly revision: number }
  | { readonly status: 'saving' }
  | { readonly status: 'error'; readonly message: string };

/**
 * Puck on the SDK: every change is saved to the page store (one save at a time, each based on
 * the revision the last one answered); a save refused as a conflict (another tab saved first)
 * is shown, and the other tab's page is kept.
 */
export function Editor({ adapter, client, catalog, store, initialPage, source, worker, workerError }: EditorProps) {
  const [initialData] = useState<Data>(() => adapter.toPuckData(initialPage));
  const [saveState, setSaveState] = useState<SaveState>({ status: 'saved', revision: initialPage.revision });
  const [publisherOpen, setPublisherOpen] = useState(false);
  const page = useRef(initialPage);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef<Data | undefined>(undefined);

  const save = useCallback(
    (data: Data) => {
      latest.current = data;
      queue.current = queue.current.then(async () => {
        if (latest.current !== data) return; // a newer change will save this one too
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
                <SaveStatus state={saveState} />
                <PreviewModeToggle />
                <Button
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

function SaveStatus({ state }: { readonly state: SaveState }) {
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
function PreviewModeToggle() {
  const previewMode = usePuck((puck) => puck.appState.ui.previewMode);
  const dispatch = usePuck((puck) => puck.dispatch);
  const interactive = previewMode === 'interactive';
  return (
    <Button
      variant="secondary"
      data-testid="preview-mode"
      onClick={() => dispatch({ type: 'setUi', ui: { previewMode: interactive ? 'edit' : 'interactive' } })}
    >
      {interactive ? 'Interactive' : 'Edit mode'}
    </Button>
  );
}

/** Sets `window.playground` from inside Puck, where its API is reachable. */
function PlaygroundHooksBinder(props: {
  readonly adapter: PuckAdapter;
  readonly client: CatalogClient;
  readonly store: PageStore;
  readonly pageId: string;
}) {
  const getPuck = useGetPuck();
  const { adapter, client, store, pageId } = props;
  useEffect(() => {
    window.playground = {
      client,
      store,
      pageId,
      insert: (packageId) =>
        adapter.insert(
          {
            get appState() {
              return getPuck().appState;
            },
            dispatch: (action) => getPuck().dispatch(action),
            resolveDataById: (id, trigger) => getPuck().resolveDataById(id, trigger),
          } satisfies PuckInsertApi,
          packageId,
        ),
    };
    document.body.setAttribute('data-playground', 'ready');
  }, [adapter, client, store, pageId, getPuck]);
  return <Puck.Layout />;
}
