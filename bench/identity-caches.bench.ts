import type { Catalog } from '@runtime-component-catalog/contracts';
import { type RenderedJson, renderJson } from '../host/rendered-json.js';
import { sampleCatalog } from '../testing/origins/sample-packages.js';
import { type BenchRow, median } from './bench-row.js';

// The identity-keyed caches on the warm entry's path (docs/host-performance.md "Warm
// entry"), each against the work it saves, in this process: a cache that does not pay for its
// lookup is removed. Two remain:
// - the package index of a catalog value (runtime-catalog.ts, and remote-components.ts's index
//   of owners, by the catalog's identity);
// - an artifact's rendered body and ETag (runtime-catalog.ts, by the cached value's identity).
// The 200 headers of a cached body were kept by the body's identity until this row measured
// them: 1.006 (made each answer now, routes/rendered-responder.ts).

const ROUNDS = 7;
const CALLS = 20_000;

/** ns a call of `call` (median of {@link ROUNDS} rounds of {@link CALLS} calls after a warm-up round). */
async function nsPerCall(call: (index: number) => unknown): Promise<number> {
  const rounds: number[] = [];
  for (let round = 0; round <= ROUNDS; round += 1) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < CALLS; index += 1) {
      const result = call(index);
      if (result instanceof Promise) await result;
    }
    if (round > 0) rounds.push(Number(process.hrtime.bigint() - started) / CALLS);
  }
  return median(rounds);
}

/**
 * An artifact's answer (`GET /api/runtime-catalog/<id>/<artifact>`): its body and ETag found by
 * the cached value's identity (runtime-catalog.ts) against serialising and hashing it each answer.
 */
async function renderedArtifact(): Promise<BenchRow> {
  const { objects } = sampleCatalog(1);
  const artifact = objects[Object.keys(objects).find((path) => path.endsWith('/schema.json'))!] as object;
  const rendered = new WeakMap<object, RenderedJson>();
  const found = await nsPerCall(() => {
    let answer = rendered.get(artifact);
    if (answer === undefined) {
      answer = renderJson(artifact);
      rendered.set(artifact, answer);
    }
    return answer;
  });
  const made = await nsPerCall(() => renderJson(artifact));
  const ratio = made / found;
  return {
    name: 'identity cache: rendered artifact by its cached value (runtime-catalog.ts), schema.json',
    measured: `${found.toFixed(0)} ns a lookup`,
    baseline: `${made.toFixed(0)} ns serialising and hashing it`,
    ratio,
    target: '≥ 1.05 (or removed)',
    ok: ratio >= 1.05,
  };
}

/**
 * A package found by id through the index made once per catalog value (a WeakMap by the catalog's
 * identity, then a Map) against a search of the catalog's list, at 1,000 packages.
 */
async function packageIndex(): Promise<BenchRow> {
  const packages = 1_000;
  const { catalog } = sampleCatalog(packages);
  const indexes = new WeakMap<Catalog, ReadonlyMap<string, unknown>>();
  const ids = Array.from({ length: CALLS }, (_, index) => `pkg${(index * 7919) % packages}`);
  const indexed = await nsPerCall((index) => {
    let byId = indexes.get(catalog);
    if (byId === undefined) {
      byId = new Map(catalog.packages.map((pkg) => [pkg.id, pkg]));
      indexes.set(catalog, byId);
    }
    return byId.get(ids[index]!);
  });
  const searched = await nsPerCall((index) => catalog.packages.find((pkg) => pkg.id === ids[index]));
  const ratio = searched / indexed;
  return {
    name: `identity cache: package index of a catalog value (runtime-catalog.ts), ${packages.toLocaleString('en')} packages`,
    measured: `${indexed.toFixed(0)} ns a lookup through the index`,
    baseline: `${searched.toFixed(0)} ns searching the list`,
    ratio,
    target: '≥ 1.05 (or removed)',
    ok: ratio >= 1.05,
  };
}

/** Both rows. */
export async function identityCaches(): Promise<BenchRow[]> {
  return [await packageIndex(), await renderedArtifact()];
}
