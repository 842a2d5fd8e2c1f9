// Test-only preload of a `catalog-host` process (host/main.test.ts), run with
// `--allow-natives-syntax --import`: at exit, prints on stderr whether V8 still keeps
// String.prototype in fast mode, and whether ioredis was loaded. A dependency that makes it a
// dictionary (ioredis does, by a class that extends String) leaves every string method call of the
// optimised host a generic lookup.
import { createRequire } from 'node:module';

const hasFastProperties = new Function('object', 'return %HasFastProperties(object)');
const loadedModules = createRequire(import.meta.url).cache;
process.on('exit', () => {
  const ioredisLoaded = Object.keys(loadedModules).some((file) => file.includes('/node_modules/ioredis/'));
  process.stderr.write(`String.prototype fast: ${hasFastProperties(String.prototype)}\n`);
  process.stderr.write(`ioredis loaded: ${ioredisLoaded}\n`);
});
