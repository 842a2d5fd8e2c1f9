// ioredis declares `class VerbatimString extends String`. In V8 (Node 20) making String.prototype
// the prototype of a new object (a class that extends String, `Object.create`) puts it in
// dictionary mode, until an inline cache loads a property through such an object. Left so, every
// string method call of optimised code (`path.indexOf`, `text.charCodeAt`: Hono's router, the
// access line) is a generic property lookup (docs/host-performance.md "Warm entry").

/** Reads `charCodeAt` through `object`: a function with its own inline cache. */
function readCharCodeAt(object: { charCodeAt?: unknown }): unknown {
  return object.charCodeAt;
}

/**
 * Puts String.prototype back in V8's fast mode after a module made it a dictionary: loads a
 * property through an object whose prototype it is, from a function called often enough to have
 * an inline cache (V8 gives a function one after 8 calls). It changes no property and no
 * behaviour; on an engine that works otherwise, it does nothing.
 */
export function restoreFastStringPrototype(): void {
  const probe: { charCodeAt?: unknown } = Object.create(String.prototype);
  for (let call = 0; call < 16; call += 1) readCharCodeAt(probe);
}
