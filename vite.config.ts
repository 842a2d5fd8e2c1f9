import { defineConfig } from 'vitest/config';

// The vitest configuration; the library build of sdk/ and service-worker/ is added with them.
export default defineConfig({
  test: {
    include: ['{contracts,host,sdk,service-worker,authoring,examples}/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
