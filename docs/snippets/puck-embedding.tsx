// Puck's styles without the web font it would fetch from rsms.me.
import '@puckeditor/core/no-external.css';
import { createCatalogClient, openEditingSession, openPageStore } from '@runtime-component-catalog/sdk';
import { CatalogEditor, createPuckAdapter } from '@runtime-component-catalog/sdk/puck';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { createRoot } from 'react-dom/client';

const client = createCatalogClient({
  hostUrl: location.origin,
  catalogUrl: '/catalog.json',
  runtime: { react: React, 'react/jsx-runtime': jsxRuntime, '@acme/core': { suffix: '' } },
});
const adapter = createPuckAdapter({ client, catalog: await client.loadCatalog() }); // stage 1 only
export const store = await openPageStore({ onVersionChange: () => alert('A newer editor is open: please reload') });

// The editing session saves every change: one save at a time, each on the revision the last one
// answered; an insert only once its defaults are there. When another tab saves this page first,
// the header asks: keep mine, or load theirs. No edit is dropped without that choice.
const session = await openEditingSession({ store, pageId: 'home', newTitle: 'Home' });

createRoot(document.getElementById('editor')!).render(
  <CatalogEditor
    adapter={adapter} // Puck's config and component list from the catalog
    session={session} // the saved page as Puck data; every change saved through it
    iframe={{ enabled: false }} // the canvas renders in the editor page itself
  />,
);
