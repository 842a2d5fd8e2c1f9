import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the unit and integration tests of every folder. The packages' own builds
// have their configs in their folders (sdk/vite.config.ts); the packaging test has its own
// (testing/packaging/vitest.config.ts).
export default defineConfig({
  test: {
    include: ['{contracts,host,sdk,service-worker,authoring,examples,testing,scripts}/**/*.test.ts'],
    // `*.strapi.test.ts` run against a real Strapi in the Strapi suite (testing/strapi/vitest.config.ts).
    exclude: ['**/node_modules/**', '**/dist/**', 'testing/packaging/**', 'testing/strapi/**', '**/*.strapi.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
