import { fileURLToPath } from 'node:url';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';

// The SDK's worker file, found as Node finds it: through the package's exports map, wherever npm
// put the package (no path into node_modules written here).
const workerFile = fileURLToPath(import.meta.resolve('@runtime-component-catalog/sdk/service-worker'));

export default {
  entry: './src/index.js',
  output: {
    path: fileURLToPath(new URL('dist/', import.meta.url)),
    // Hashed bundles may be cached for ever; the worker below keeps one name (see server.js).
    filename: '[name].[contenthash].js',
    clean: true,
  },
  plugins: [
    new HtmlWebpackPlugin({ template: './src/index.html' }),
    new CopyPlugin({
      patterns: [
        {
          from: workerFile,
          // One name at the root of the output: the page registers /catalog-sw.js, whose folder
          // (/) is the worker's scope. A hashed name would register a new worker on every build.
          to: 'catalog-sw.js',
          toType: 'file',
          // Already minified by the SDK's build: the production minifier leaves it byte for byte.
          info: { minimized: true },
        },
      ],
    }),
  ],
};
