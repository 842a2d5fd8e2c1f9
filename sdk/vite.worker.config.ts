import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// `npm run build` (second step): the catalog service worker (../service-worker/) as one classic
// script, dist/service-worker.js (the export `./service-worker`), with workbox and idb bundled
// in: a worker cannot import packages.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: true,
    sourcemap: false,
    lib: {
      entry: fileURLToPath(new URL('../service-worker/catalog-worker.ts', import.meta.url)),
      formats: ['iife'],
      name: 'catalogWorker',
      fileName: () => 'service-worker.js',
    },
  },
  define: { 'process.env.NODE_ENV': '"production"' },
});
