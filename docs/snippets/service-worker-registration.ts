import { registerCatalogWorker } from '@runtime-component-catalog/sdk';

// The editor's origin serves the SDK's worker at /catalog-sw.js, as text/javascript with no-cache:
// the Vite plugin does (`catalogWorker()` of `@runtime-component-catalog/sdk/vite`); without Vite,
// serve the package's `@runtime-component-catalog/sdk/service-worker` file there.
export const worker = await registerCatalogWorker({
  scriptUrl: '/catalog-sw.js', // same origin as the editor page; its folder is the default scope
  hostUrl: location.origin, // whose answers are mirrored (default: the page origin)
  catalogUrl: '/catalog.json', // mirrored too, so an offline editor has its list
  maxBytes: 50 * 1024 * 1024, // mirror limit, least recently used first
  timeoutMs: 4000, // then the mirror answers
});
console.log(await worker.status()); // { entries, bytes, maxBytes, urls }
