import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the unit and integration tests of every folder. The packages' own builds
// have their configs in their folders (sdk/vite.config.ts); the packaging test has its own
// (testing/packaging/vitest.config.ts).
export default defineConfig({
  test: {
    include: ['{contracts,host,sdk,service-worker,authoring,examples,testing,scripts}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'testing/packaging/**', 'testing/strapi/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
