import { describe, expect, it } from 'vitest';
import type { CacheSetOptions, SharedCacheStore } from './cache-store.js';
import { MemoryCacheStore } from './memory-cache-store.js';
import { RedisCacheError } from './redis-cache-error.js';
import { TaggedCache } from './tagged-cache.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Starts a load of `k` (tag `t`) that waits on `gate`, then invalidates `t` while it is in flight. */
async function loadOvertakenByInvalidation(cache: TaggedCache) {
  const gate = deferred<string>();
  const started = deferred<void>();
  const first = cache.getOrLoad('k', ['t'], () => {
    started.resolve();
    return gate.promise;
  });
  await started.promise;
  await cache.invalidate(['t']);
  return { first, gate };
}

const makeCache = () => new TaggedCache(new MemoryCacheStore({ maxBytes: 1_000_000 }));

describe('TaggedCache', () => {
  it('loads once for 100 concurrent cold callers', async () => {
    const cache = makeCache();
    let loads = 0;
    const gate = deferred<string>();
    const results = Promise.all(
      Array.from({ length: 100 }, () =>
        cache.getOrLoad('k', ['t'], async () => {
          loads += 1;
          return gate.promise;
        }),
      ),
    );
    gate.resolve('v');
    expect(await results).toEqual(Array(100).fill('v'));
    expect(loads).toBe(1);
    expect(await cache.getOrLoad('k', ['t'], async () => 'other')).toBe('v');
  });

  it('stores nothing of a failed load and shares its error with every waiter', async () => {
    const cache = makeCache();
    let loads = 0;
    const failing = async () => {
      loads += 1;
      throw new Error('origin down');
    };
    const settled = await Promise.allSettled([cache.getOrLoad('k', [], failing), cache.getOrLoad('k', [], failing)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(loads).toBe(1);
    expect(await cache.getOrLoad('k', [], async () => 'recovered')).toBe('recovered');
  });

  it('lets an invalidation win over a load in flight', async () => {
    const cache = makeCache();
    const { first, gate } = await loadOvertakenByInvalidation(cache);
    // A caller after the invalidation does not join the old load.
    const second = cache.getOrLoad('k', ['t'], async () => 'new');
    gate.resolve('old');
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    expect(await cache.getOrLoad('k', ['t'], async () => 'unexpected')).toBe('new');
  });

  it('never stores the overtaken load even when it finishes last', async () => {
    const cache = makeCache();
    const { first, gate } = await loadOvertakenByInvalidation(cache);
    expect(await cache.getOrLoad('k', ['t'], async () => 'new')).toBe('new');
    gate.resolve('old');
    await first;
    expect(await cache.getOrLoad('k', ['t'], async () => 'unexpected')).toBe('new');
  });

  it('honours tags a loader adds while loading, and skipStore', async () => {
    const cache = makeCache();
    const gate = deferred<void>();
    const started = deferred<void>();
    const first = cache.getOrLoad('build', ['catalog'], async (context) => {
      context.tags.add('late');
      started.resolve();
      await gate.promise;
      return 'v1';
    });
    await started.promise;
    await cache.invalidate(['late']);
    gate.resolve();
    expect(await first).toBe('v1');
    expect(
      await cache.getOrLoad('build', ['catalog'], async (context) => {
        context.skipStore();
        return 'partial';
      }),
    ).toBe('partial');
    expect(await cache.getOrLoad('build', ['catalog'], async () => 'full')).toBe('full');
  });
});

describe('TaggedCache.peek', () => {
  it('answers a stored value without a promise and counts it as a hit; a miss counts nothing', async () => {
    const lookups: string[] = [];
    const cache = new TaggedCache(new MemoryCacheStore({ maxBytes: 1_000_000 }), {
      lookup: (kind, hit) => lookups.push(`${kind}:${hit ? 'hit' : 'miss'}`),
      claimWaited: () => lookups.push('claim'),
    });
    expect(cache.peek('k', 'entry')).toBeUndefined();
    expect(lookups).toEqual([]);
    expect(await cache.getOrLoad('k', ['t'], async () => ({ v: 1 }), 'entry')).toEqual({ v: 1 });
    expect(lookups).toEqual(['entry:miss']);
    expect(cache.peek('k', 'entry')).toEqual({ v: 1 });
    expect(lookups).toEqual(['entry:miss', 'entry:hit']);
    await cache.invalidate(['t']);
    expect(cache.peek('k', 'entry')).toBeUndefined();
    expect(lookups).toEqual(['entry:miss', 'entry:hit']);
  });
});

/** A shared store that can be told it cannot be used, or that fails its reads and writes as Redis would. */
class FailingSharedStore extends MemoryCacheStore {
  unavailable: 'redis-disconnected' | undefined;
  failing = false;
  reads = 0;
  override readonly shared: SharedCacheStore = {
    unavailableReason: () => this.unavailable,
    busEpoch: () => 0,
    busStatus: () => ({ listening: true, leaseHeld: false }),
    claimLoad: async () => ({ held: true, release: async () => this.#fail() }),
  };

  override async get(key: string) {
    this.reads += 1;
    this.#fail();
    return super.get(key);
  }

  override async set(key: string, value: unknown, options: CacheSetOptions) {
    this.#fail();
    return super.set(key, value, options);
  }

  #fail(): void {
    if (this.failing) throw new RedisCacheError('get');
  }
}

describe('TaggedCache over a shared store that cannot be used (docs/cache-outages.md "Degraded reads")', () => {
  it('loads every read from the origin, stores nothing, and never asks the store while it says it cannot be used', async () => {
    const store = new FailingSharedStore({ maxBytes: 1_000_000 });
    const cache = new TaggedCache(store);
    store.unavailable = 'redis-disconnected';
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.getOrLoad('k', ['t'], load)).toBe('v1');
    expect(await cache.getOrLoad('k', ['t'], load)).toBe('v2');
    expect(store.reads).toBe(0);
    store.unavailable = undefined;
    expect(await cache.getOrLoad('k', ['t'], load)).toBe('v3');
    expect(await cache.getOrLoad('k', ['t'], load)).toBe('v3');
  });

  it('answers from the origin when a read or a write of the store fails, and stores nothing', async () => {
    const store = new FailingSharedStore({ maxBytes: 1_000_000 });
    const cache = new TaggedCache(store);
    store.failing = true;
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await Promise.all([cache.getOrLoad('k', ['t'], load), cache.getOrLoad('k', ['t'], load)])).toEqual([
      'v1',
      'v1',
    ]);
    expect(await cache.getOrLoad('k', ['t'], load)).toBe('v2');
    store.failing = false;
    expect(await store.get('k')).toBeUndefined();
  });

  it('shares a load only with callers that came before it started, one load at a time', async () => {
    const store = new FailingSharedStore({ maxBytes: 1_000_000 });
    const cache = new TaggedCache(store);
    store.unavailable = 'redis-disconnected';
    const gates: ReturnType<typeof deferred<string>>[] = [];
    const load = () => {
      const gate = deferred<string>();
      gates.push(gate);
      return gate.promise;
    };
    const first = cache.getOrLoad('k', ['t'], load);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [cache.getOrLoad('k', ['t'], load), cache.getOrLoad('k', ['t'], load)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(gates).toHaveLength(1);
    gates[0]!.resolve('before the publish');
    expect(await first).toBe('before the publish');
    await new Promise((resolve) => setImmediate(resolve));
    expect(gates).toHaveLength(2);
    gates[1]!.resolve('after the publish');
    expect(await Promise.all(later)).toEqual(['after the publish', 'after the publish']);
  });
});
