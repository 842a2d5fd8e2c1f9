import { defineConfig } from 'vite';

// `npm run build` (second step): the catalog service worker as one classic script,
// dist/service-worker.js, with workbox and idb bundled in (a worker cannot import packages).
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: true,
    sourcemap: true,
    lib: {
      entry: 'service-worker/catalog-worker.ts',
      formats: ['iife'],
      name: 'catalogWorker',
      fileName: () => 'service-worker.js',
    },
  },
  define: { 'process.env.NODE_ENV': '"production"' },
});
