// Test-only preload of a `catalog-host` process (host/main.test.ts), run with
// `--allow-natives-syntax --import`: at exit, prints on stderr whether V8 still keeps
// String.prototype in fast mode. A dependency that makes it a dictionary (ioredis does, by a class
// that extends String) leaves every string method call of the optimised host a generic lookup.
const hasFastProperties = new Function('object', 'return %HasFastProperties(object)');
process.on('exit', () => {
  process.stderr.write(`String.prototype fast: ${hasFastProperties(String.prototype)}\n`);
});
