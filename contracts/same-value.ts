/** Value pairs one comparison visits at most: a cyclic value (never JSON) still gets an answer. */
const maxVisited = 10_000_000;

/**
 * Deep equality of two JSON values, key order aside, with an explicit stack: any depth of nesting
 * gets an answer, never a stack overflow. Past ten million value pairs it answers "different".
 */
export function sameValue(a: unknown, b: unknown): boolean {
  const pending: [unknown, unknown][] = [[a, b]];
  for (let visited = 0; pending.length > 0; visited += 1) {
    if (visited > maxVisited) return false;
    const [x, y] = pending.pop() as [unknown, unknown];
    if (Object.is(x, y)) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      for (let index = 0; index < x.length; index += 1) pending.push([x[index], y[index]]);
      continue;
    }
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(y, key)) return false;
      pending.push([(x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]]);
    }
  }
  return true;
}
