import { Puck, useGetPuck } from '@puckeditor/core';
import { useEffect } from 'react';
import type { CatalogClient, EditingSession, Page } from '../../sdk/index.js';
import type { PuckAdapter, PuckInsertApi } from '../../sdk/puck/index.js';
import type { PlaygroundUrls } from './playground-hooks.js';

declare const __PLAYGROUND_URLS__: PlaygroundUrls;

/** Sets `window.playground` from inside Puck, where its API is reachable. */
export function PlaygroundHooksBinder(props: {
  readonly adapter: PuckAdapter;
  readonly client: CatalogClient;
  readonly session: EditingSession;
}) {
  const getPuck = useGetPuck();
  const { adapter, client, session } = props;
  useEffect(() => {
    const api: PuckInsertApi = {
      get appState() {
        return getPuck().appState;
      },
      dispatch: (action) => getPuck().dispatch(action),
      resolveDataById: (id, trigger) => getPuck().resolveDataById(id, trigger),
    };
    window.playground = {
      client,
      store: session.store,
      pageId: session.page.id,
      urls: __PLAYGROUND_URLS__,
      insert: (packageId) => adapter.insert(api, packageId),
      select(instanceId) {
        if (instanceId === null) return getPuck().dispatch({ type: 'setUi', ui: { itemSelector: null } });
        const selector = getPuck().getSelectorForId(instanceId);
        if (selector === undefined) throw new Error(`No instance ${instanceId} on the page`);
        getPuck().dispatch({ type: 'setUi', ui: { itemSelector: selector } });
      },
      setMode: (mode) => getPuck().dispatch({ type: 'setUi', ui: { previewMode: mode } }),
      saved: () => session.saved(),
      pendingEdits: () => session.journaled().then(() => session.kept.count),
      versionOf: (instanceId) => adapter.versionOf(instanceId),
      async upgrade(instanceId) {
        const { plan } = await adapter.upgrade(api, instanceId);
        await whenStored(session, (page) =>
          page.content.some((instance) => instance.id === instanceId && instance.version === plan.to),
        );
        return { from: plan.from, to: plan.to, revision: session.page.revision };
      },
    };
    document.body.setAttribute('data-playground', 'ready');
  }, [adapter, client, session, getPuck]);
  return <Puck.Layout />;
}

/** Resolves once the session's stored page passes `stored`; rejects when saving stops on a conflict or an error. */
function whenStored(session: EditingSession, stored: (page: Page) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (stored(session.page)) {
        unsubscribe();
        resolve();
      } else if (session.state.status === 'conflict' || session.state.status === 'error') {
        unsubscribe();
        session.saved().then(resolve, reject);
      }
    };
    const unsubscribe = session.subscribe(check);
    check();
  });
}
