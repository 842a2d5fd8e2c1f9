// The app's own worker, written as vite-plugin-pwa's injectManifest or Workbox's InjectManifest
// expect (`self.__WB_MANIFEST`, set by e2e/support/coexist-app.ts as those tools do) and bundled
// by the app's build, with workbox-routing and workbox-core (the workspace's; workbox-precaching's
// precacheAndRoute is written out below with the Cache API). JavaScript: the e2e project
// type-checks pages with the DOM lib, and a worker needs the WebWorker lib.

// First, the README's recipe as written (docs/snippets/catalog-routes-worker.ts): the catalog's routes.
import '../../../docs/snippets/catalog-routes-worker.js';
import { clientsClaim } from 'workbox-core';
import { NavigationRoute, registerRoute } from 'workbox-routing';

const PRECACHE = 'precache';
const RUNTIME = 'runtime';
const precached = new Set(self.__WB_MANIFEST.map(({ url }) => new URL(url, self.location.href).href));

// The app's lifecycle: it takes over at once.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(PRECACHE).then((cache) => cache.addAll([...precached])));
  void self.skipWaiting();
});
clientsClaim();

// The app's routes: its shell from the precache, navigations answered with its page, and a
// catch-all of the kind PWAs configure (runtimeCaching), network first for every other same-origin
// GET. The catalog's URLs are same-origin too: they must never reach it.
const fromPrecache = async (url) => (await caches.open(PRECACHE)).match(url);
registerRoute(
  ({ url }) => precached.has(url.href),
  async ({ url, request }) => (await fromPrecache(url.href)) ?? fetch(request),
);
registerRoute(
  new NavigationRoute(
    async ({ request }) => (await fromPrecache(new URL('/index.html', self.location.href).href)) ?? fetch(request),
  ),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin,
  async ({ request }) => {
    const cache = await caches.open(RUNTIME);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const cached = await cache.match(request);
      if (cached === undefined) throw error;
      return cached;
    }
  },
);

// workbox-window's update message; answered on its port, so a test sees who answered it.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'SKIP_WAITING') return;
  event.waitUntil(self.skipWaiting());
  event.ports[0]?.postMessage({ type: 'SKIP_WAITING', from: 'app worker' });
});
