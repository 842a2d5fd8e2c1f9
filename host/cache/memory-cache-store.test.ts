import { describe, expect, it } from 'vitest';
import { describeCacheStore } from './cache-store.case.js';
import { MemoryCacheStore } from './memory-cache-store.js';

describeCacheStore('MemoryCacheStore', async (maxBytes) => new MemoryCacheStore({ maxBytes }));

describe('MemoryCacheStore remembered tags', () => {
  it('refuses loads that started before a forgotten invalidation', async () => {
    const store = new MemoryCacheStore({ maxBytes: 10_000, maxRememberedTags: 2 });
    const startedBefore = await store.nextSequence();
    await store.invalidateTags(['a']);
    await store.invalidateTags(['b']);
    await store.invalidateTags(['c']); // forgets 'a'
    expect(await store.set('k', 1, { tags: ['a'], sequence: startedBefore })).toBe(false);
    expect(await store.set('k', 1, { tags: ['a'], sequence: await store.nextSequence() })).toBe(true);
  });

  it('keeps its tag index free of evicted keys', async () => {
    const store = new MemoryCacheStore({ maxBytes: 10 });
    await store.set('a', 'xxxxxx', { tags: ['t'], sequence: await store.nextSequence() });
    await store.set('b', 'yyyyyy', { tags: ['t'], sequence: await store.nextSequence() });
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(8);
  });
});
