import { createCatalogClient, openPageStore, type Page, SdkError } from '@runtime-component-catalog/sdk';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { createRoot } from 'react-dom/client';

// 1. The client. `hostUrl`: the host (it answers every origin's GETs with CORS headers), here
//    behind the editor's own origin. `catalogUrl`: the lightweight catalog, read from the editor's
//    own origin (proxied or copied there), because an object store seldom sends CORS headers.
//    `runtime`: the page's own module for every external the components import.
export const client = createCatalogClient({
  hostUrl: location.origin,
  catalogUrl: '/catalog.json',
  runtime: {
    react: React,
    'react/jsx-runtime': jsxRuntime,
    // Your organisation's shared modules come from your editor's bundle; the example catalog's
    // `@acme/core` gets a stand-in here (see "Runtime modules" in the README).
    '@acme/core': { suffix: '' },
  },
});

// 2. Stage 1: the component list (no entry, artifact or module is fetched).
const view = await client.loadCatalog();
for (const { category, packages } of view.categories()) {
  console.log(category, packages.map((pkg) => `${pkg.label} (${pkg.id})`).join(', '));
}

// 3. The saved page: the truth for existing instances.
export const store = await openPageStore({ onVersionChange: () => alert('A newer editor is open: please reload') });
let page: Page = (await store.get('home')) ?? { id: 'home', title: 'Home', revision: 0, updatedAt: '', content: [] };

// 4. Stage 2, when the user inserts: entry, component and a new instance with data.json defaults.
const { module, instance } = await client.prepareInsert('counter1');
page = await store.save({ ...page, content: [...page.content, instance] });
const Component = module.default as React.FC<Record<string, unknown>>;
createRoot(document.getElementById('canvas')!).render(React.createElement(Component, instance.props));

// 5. An edit is saved against the revision it started from. When another tab saved first, the
//    save is refused: read that tab's page and apply the edit to it, so neither edit is lost.
const relabel = (base: Page): Page => ({
  ...base,
  content: base.content.map((it) => (it.id === instance.id ? { ...it, props: { ...it.props, label: 'Presses' } } : it)),
});
try {
  page = await store.save(relabel(page));
} catch (error) {
  if (!(error instanceof SdkError && error.code === 'store-conflict')) throw error;
  page = await store.save(relabel((await store.get('home'))!));
}
export const savedPage = page;
