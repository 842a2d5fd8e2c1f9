// Puck's styles without the web font it would fetch from rsms.me.
import '@puckeditor/core/no-external.css';
import { type Data, Puck } from '@puckeditor/core';
import { createCatalogClient, openPageStore, type Page, SdkError } from '@runtime-component-catalog/sdk';
import { createPuckAdapter } from '@runtime-component-catalog/sdk/puck';
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
let page: Page = (await store.get('home')) ?? { id: 'home', title: 'Home', revision: 0, updatedAt: '', content: [] };

// Saving: one save at a time, each based on the page the previous save answered, and only the
// newest change (it holds every earlier one). toPage leaves out an insert whose defaults have not
// arrived; the change that brings them saves it. When another tab saved this page first, this tab
// stops saving and says so: it never overwrites that page, and a reload shows it.
let latest: Data | undefined;
let saving = Promise.resolve();
let stopped = false;
function save(data: Data): void {
  latest = data;
  saving = saving.then(async () => {
    if (data !== latest || stopped) return;
    const next = adapter.toPage(data, page);
    if (JSON.stringify([next.title, next.content]) === JSON.stringify([page.title, page.content])) return;
    try {
      page = await store.save(next);
    } catch (error) {
      stopped = error instanceof SdkError && error.code === 'store-conflict';
      alert(stopped ? 'This page was changed in another tab: reload to see it.' : `Not saved: ${String(error)}`);
    }
  });
}

createRoot(document.getElementById('editor')!).render(
  <Puck
    config={adapter.config} // one component per package, by category
    overrides={adapter.overrides} // list items with previews and data-package-id
    data={adapter.toPuckData(page)} // saved props as they are
    onChange={save}
    onPublish={save}
    iframe={{ enabled: false }} // the canvas renders in the editor page itself
  />,
);
