import type { Catalog, ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import * as React from 'react';
import { createElement } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { createRoot, type Root } from 'react-dom/client';
import {
  type CatalogClient,
  type CatalogWorker,
  type ComponentModule,
  createCatalogClient,
  openPageStore,
  type PageStore,
  registerCatalogWorker,
  SdkError,
} from '../../sdk/index.js';

// A small editor page for the browser tests: the SDK with the page's own React, an IndexedDB page
// store, and a canvas that renders the page's instances. Tests drive it through window.scenario.

const params = new URLSearchParams(location.search);
const pageId = params.get('page') ?? 'page';

// `?sw=1`: the catalog service worker mirrors the host's answers (`&maxBytes=` limits it).
const workerOptions = {
  scriptUrl: '/catalog-sw.js',
  catalogUrl: '/catalog.json',
  ...(params.get('maxBytes') === null ? {} : { maxBytes: Number(params.get('maxBytes')) }),
};
let worker: CatalogWorker | undefined =
  params.get('sw') === '1' ? await registerCatalogWorker(workerOptions) : undefined;

const client: CatalogClient = createCatalogClient({
  // `?host=<url>`: talk to the host on its own origin (cross-origin), instead of through the proxy.
  hostUrl: params.get('host') ?? location.origin,
  catalogUrl: '/catalog.json',
  runtime: { react: React, 'react/jsx-runtime': jsxRuntime, '@acme/core': { suffix: '!' } },
});
const store: PageStore = await openPageStore({
  name: 'scenario-pages',
  // What an editor does when a newer version opens in another tab: tell the user to reload.
  onVersionChange: () => {
    document.body.dataset.reload = 'required';
  },
});
let page: Page = (await store.get(pageId)) ?? {
  id: pageId,
  title: 'Scenario',
  revision: 0,
  updatedAt: '',
  content: [],
};
const roots = new Map<string, Root>();
const modules = new Map<string, ComponentModule>();

async function render(instance: ComponentInstance, loaded?: ComponentModule): Promise<void> {
  const canvas = document.getElementById('canvas')!;
  let host = canvas.querySelector<HTMLElement>(`[data-instance-id="${instance.id}"]`);
  if (host === null) {
    host = document.createElement('div');
    host.dataset.instanceId = instance.id;
    host.dataset.packageId = instance.packageId;
    canvas.append(host);
  }
  const module =
    loaded ??
    modules.get(instance.packageId) ??
    (await client.loadComponent(await client.getEntry(instance.packageId)));
  modules.set(instance.packageId, module);
  let root = roots.get(instance.id);
  if (root === undefined) {
    root = createRoot(host);
    roots.set(instance.id, root);
  }
  root.render(createElement(module.default as React.FC<Record<string, unknown>>, instance.props));
}

const scenario = {
  client,
  store,
  get worker(): CatalogWorker | undefined {
    return worker;
  },
  /** Registers a new version of the worker (another script URL) and waits until it controls the page. */
  async updateWorker(version: string): Promise<void> {
    worker = await registerCatalogWorker({ ...workerOptions, scriptUrl: `/catalog-sw.js?v=${version}` });
  },
  get page(): Page {
    return page;
  },
  /** Stage 1: the list, by category (no entry, artifact or module). */
  async list() {
    const view = await client.loadCatalog();
    return view.categories().map((group) => ({ category: group.category, ids: group.packages.map((p) => p.id) }));
  },
  /** What the start of a drag does: what an insert of `packageId` needs starts loading. */
  prefetch(packageId: string): void {
    client.prefetchInsert(packageId);
  },
  /** What a user's insert (the drop) does: a new instance with data.json defaults, rendered, then saved. */
  async insert(packageId: string): Promise<ComponentInstance> {
    performance.mark('insert:start');
    const { instance, module } = await client.prepareInsert(packageId);
    page = { ...page, content: [...page.content, instance] };
    await render(instance, module);
    await new Promise(requestAnimationFrame); // rendered: the frame after React's commit
    performance.measure('insert', 'insert:start');
    page = await store.save(page);
    return instance;
  },
  /** Duration of the last insert (performance measure `insert`), in ms. */
  lastInsertMs(): number {
    return performance.getEntriesByName('insert', 'measure').at(-1)?.duration ?? Number.NaN;
  },
  /** The user's edit of one instance's props, saved. Conflicts come back as their SdkError code. */
  async edit(instanceId: string, props: Record<string, unknown>): Promise<string> {
    const next = structuredClone(page);
    const instance = next.content.find((candidate) => candidate.id === instanceId)!;
    instance.props = { ...instance.props, ...props };
    try {
      page = await store.save(next);
    } catch (error) {
      if (error instanceof SdkError) return error.code;
      throw error;
    }
    await render(instance, modules.get(instance.packageId));
    return 'saved';
  },
  /** Renders every saved instance (what a reload shows). */
  async renderAll(): Promise<void> {
    await Promise.all(page.content.map((instance) => render(instance)));
  },
  errorOf: async (action: () => Promise<unknown>) => {
    try {
      await action();
      return undefined;
    } catch (error) {
      return error instanceof SdkError
        ? { code: error.code, message: error.message }
        : { code: 'other', message: String(error) };
    }
  },
};
declare global {
  interface Window {
    scenario: typeof scenario;
    scenarioReady: Promise<void>;
  }
}
window.scenario = scenario;
await scenario.renderAll();
document.body.dataset.ready = 'true';

export type { Catalog };
