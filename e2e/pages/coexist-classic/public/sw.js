// The app's own classic worker, hand-written and served as it is (from the public folder):
// importScripts of the catalog's routes script, which the catalog's Vite plugin serves at
// /catalog-sw-routes.js (`routesPath`), then the catalog's routes, then the app's own.
importScripts('/catalog-sw-routes.js');
catalogServiceWorker.registerCatalogRoutes({ catalogUrl: '/catalog.json' });

// The app's shell: network first for every same-origin GET, into a cache of its own, and that
// cache when the network fails. A catch-all: the catalog's URLs are same-origin too, and must
// never reach it (the catalog answers them first and stops the event).
const SHELL = 'app-shell';

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request).then(
      async (response) => {
        if (response.ok) await (await caches.open(SHELL)).put(request, response.clone());
        return response;
      },
      async (error) => {
        const cached = await caches.match(request, { cacheName: SHELL, ignoreSearch: request.mode === 'navigate' });
        if (cached === undefined) throw error;
        return cached;
      },
    ),
  );
});
