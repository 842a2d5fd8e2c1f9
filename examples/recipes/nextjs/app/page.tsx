'use client';

import { registerCatalogWorker } from '@runtime-component-catalog/sdk';
import { useEffect, useState } from 'react';

interface WorkerView {
  readonly state: 'pending' | 'ready' | 'failed';
  readonly text: string;
}

/**
 * The editor page, a client component: registers the worker that app/catalog-sw.js/route.ts
 * serves and shows its mirror's status (data-state says when it is there: `ready` or `failed`).
 */
export default function EditorPage() {
  const [worker, setWorker] = useState<WorkerView>({ state: 'pending', text: 'registering…' });
  useEffect(() => {
    // In the browser only: a service worker has nothing to do on the server's render.
    registerCatalogWorker({
      scriptUrl: '/catalog-sw.js', // same origin as this page; its folder, /, is the scope
      hostUrl: location.origin, // the catalog host, here behind the editor's own origin
      catalogUrl: '/catalog.json',
    })
      .then((registered) => registered.status()) // resolved once the worker controls this page
      .then(
        (status) => setWorker({ state: 'ready', text: JSON.stringify(status) }),
        (error: unknown) => setWorker({ state: 'failed', text: String(error) }),
      );
  }, []);
  return (
    <main>
      <h1>Editor</h1>
      <p>
        Catalog worker:{' '}
        <output id="catalog-worker-status" data-state={worker.state}>
          {worker.text}
        </output>
      </p>
    </main>
  );
}
