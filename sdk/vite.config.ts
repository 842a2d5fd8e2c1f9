import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import dts from 'vite-plugin-dts';

/**
 * The SDK's size budget, minified and gzipped, without its dependencies (contracts, idb, semver
 * are the consumer's to bundle once). Set from the measured size (see docs/sdk.md) plus
 * headroom; the build fails when it is crossed.
 */
const SDK_GZIP_BUDGET_BYTES = 9 * 1024;

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
/** Not bundled: the dependencies, and the peers the Puck adapter renders with (React, Puck). */
const dependencies = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})];

function sizeBudget(): Plugin {
  return {
    name: 'sdk-size-budget',
    generateBundle(_options, bundle) {
      const entry = bundle['index.js'];
      if (entry?.type !== 'chunk') return;
      // The entry and the shared chunks it imports: everything a page loads for the SDK.
      const code = [entry, ...entry.imports.map((name) => bundle[name])]
        .map((file) => (file?.type === 'chunk' ? file.code : ''))
        .join('\n');
      const gzipped = gzipSync(code).length;
      this.info(`SDK: ${code.length} B minified, ${gzipped} B gzipped (budget ${SDK_GZIP_BUDGET_BYTES} B)`);
      if (gzipped > SDK_GZIP_BUDGET_BYTES) {
        this.error(`The SDK is ${gzipped} B gzipped, over its budget of ${SDK_GZIP_BUDGET_BYTES} B`);
      }
    },
  };
}

// `npm run build` (first step): the SDK and its Puck adapter in library mode (ESM), types by
// vite-plugin-dts, into dist/.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    lib: {
      entry: {
        index: 'index.ts',
        'puck/index': 'puck/index.ts',
        'strapi/index': 'strapi/index.ts',
        'instance-versions/index': 'instance-versions/index.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: (id) => dependencies.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { entryFileNames: '[name].js', chunkFileNames: 'shared/[name]-[hash].js' },
    },
  },
  plugins: [
    dts({
      tsconfigPath: 'tsconfig.build.json',
      include: ['**/*.ts', '**/*.tsx'],
      exclude: [
        '**/*.test.ts',
        '**/*.case.ts',
        'vite.config.ts',
        'vite.worker.config.ts',
        // The Vite plugin is Node code with its own tsconfig and build (vite/tsconfig.build.json).
        'vite/**',
        'dist/**',
        'node_modules/**',
      ],
    }),
    sizeBudget(),
  ],
});
