import { Puck, useGetPuck } from '@puckeditor/core';
import { useEffect } from 'react';
import type { CatalogClient, PageStore } from '../../sdk/index.js';
import type { PuckAdapter, PuckInsertApi } from '../../sdk/puck/index.js';
import type {} from './playground-hooks.js';

/** Sets `window.playground` from inside Puck, where its API is reachable. */
export function PlaygroundHooksBinder(props: {
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
