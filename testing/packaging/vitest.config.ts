import { defineConfig } from 'vitest/config';

// `npm run test:packages`: the packages as users install them (packed tarballs in fresh projects).
// Installing takes a while on a loaded machine: one file, generous budgets, no parallel files.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['testing/packaging/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
