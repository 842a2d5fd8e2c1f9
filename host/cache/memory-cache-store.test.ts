import { describe, expect, it } from 'vitest';
import { describeCacheStore } from './cache-store.case.js';
import { MemoryCacheStore } from './memory-cache-store.js';

describeCacheStore('MemoryCacheStore', async (maxBytes) => new MemoryCacheStore({ maxBytes }));

describe('MemoryCacheStore bookkeeping', () => {
  it('keeps no state for invalidated tags: 3,000 invalidations of 15 KB unknown ids leave nothing behind', async () => {
    const store = new MemoryCacheStore({ maxBytes: 10_000 });
    await store.set('k', 'kept', { tags: ['runtime-package:pkg0'], sequence: await store.nextSequence() });
    for (let index = 0; index < 3_000; index += 1) {
      await store.invalidateTags([`runtime-package:${String(index).padStart(15_000, 'x')}`]);
    }
    // Nothing carried those tags: the store holds what it held (its one entry, one indexed tag).
    expect([store.size, store.bytes, store.tags]).toEqual([1, '"kept"'.length + 'runtime-package:pkg0'.length, 1]);
    expect(await store.get('k')).toEqual({ value: 'kept' });
  });

  it('refuses every load that started before any invalidation, of its tags or not', async () => {
    const store = new MemoryCacheStore({ maxBytes: 10_000 });
    const startedBefore = await store.nextSequence();
    await store.invalidateTags(['unrelated']);
    expect(await store.set('k', 1, { tags: ['a'], sequence: startedBefore })).toBe(false);
    expect(await store.set('k', 1, { tags: ['a'], sequence: await store.nextSequence() })).toBe(true);
  });

  it('counts the tags of an entry in its byte limit', async () => {
    const store = new MemoryCacheStore({ maxBytes: 100 });
    expect(await store.set('k', 'v', { tags: ['t'.repeat(200)], sequence: await store.nextSequence() })).toBe(false);
    expect(await store.set('k', 'v', { tags: ['t'.repeat(50)], sequence: await store.nextSequence() })).toBe(true);
    expect(store.bytes).toBe(3 + 50);
  });

  it('keeps its tag index free of evicted keys', async () => {
    const store = new MemoryCacheStore({ maxBytes: 10 });
    await store.set('a', 'xxxxxx', { tags: ['t'], sequence: await store.nextSequence() });
    await store.set('b', 'yyyyyy', { tags: ['t'], sequence: await store.nextSequence() });
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(9); // '"yyyyyy"' and its tag 't'
    expect(store.tags).toBe(1);
  });
});
