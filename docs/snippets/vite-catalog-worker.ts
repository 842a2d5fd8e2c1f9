import { catalogWorker } from '@runtime-component-catalog/sdk/vite';
import { defineConfig } from 'vite';

// vite.config.ts: `vite dev` and `vite preview` serve the SDK's service worker at /catalog-sw.js
// (under `base`) and `vite build` emits it there, so nothing is copied by hand and upgrading the
// SDK upgrades the worker. Another path: catalogWorker({ path: '/editor-sw.js' }).
export default defineConfig({
  plugins: [catalogWorker()],
});
