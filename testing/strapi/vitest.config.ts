import { defineConfig } from 'vitest/config';

// The Strapi suite (scripts/run-tests.mjs runs it after installing testing/strapi/app): generated
// output booted in real Strapi 5, one child process per boot. Boots are heavy (a few seconds each,
// more on a loaded machine): one file at a time, generous budgets.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    // Beside its own tests, the `*.strapi.test.ts` of other folders (the SDK's Strapi page store).
    include: ['testing/strapi/**/*.test.ts', '{sdk,authoring,examples}/**/*.strapi.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
