import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CacheStore } from './cache-store.js';

/**
 * The behaviour every {@link CacheStore} must have; each implementation's test file calls this
 * with a factory that makes a fresh, empty store (a limit of `maxBytes` JSON bytes).
 */
export function describeCacheStore(name: string, makeStore: (maxBytes: number) => Promise<CacheStore>): void {
  describe(`${name} (CacheStore behaviour)`, () => {
    let store: CacheStore;
    beforeEach(async () => {
      store = await makeStore(1_000_000);
    });
    afterEach(async () => {
      await store.close();
    });

    it('hands out strictly increasing sequences', async () => {
      const a = await store.nextSequence();
      const b = await store.nextSequence();
      expect(b).toBeGreaterThan(a);
    });

    it('misses an absent key and hits a stored one, null included', async () => {
      expect(await store.get('k')).toBeUndefined();
      expect(await store.set('k', { a: 1 }, { tags: ['t'], sequence: await store.nextSequence() })).toBe(true);
      expect(await store.set('n', null, { tags: ['t'], sequence: await store.nextSequence() })).toBe(true);
      expect(await store.get('k')).toEqual({ value: { a: 1 } });
      expect(await store.get('n')).toEqual({ value: null });
    });

    it('peeks at nothing but what get answers, and never at an invalidated value', async () => {
      expect(store.peek('k')).toBeUndefined();
      await store.set('k', { a: 1 }, { tags: ['t'], sequence: await store.nextSequence() });
      const read = await store.get('k');
      const peeked = store.peek('k');
      // A store that holds nothing in this process (or cannot vouch for it now) peeks at nothing.
      if (peeked !== undefined) expect(peeked).toEqual(read);
      await store.invalidateTags(['t']);
      expect(store.peek('k')).toBeUndefined();
    });

    it('drops exactly the entries carrying an invalidated tag', async () => {
      await store.set('a', 1, { tags: ['pkg:a', 'art:a1'], sequence: await store.nextSequence() });
      await store.set('b', 2, { tags: ['pkg:a', 'art:a2'], sequence: await store.nextSequence() });
      await store.set('c', 3, { tags: ['pkg:c'], sequence: await store.nextSequence() });
      await store.invalidateTags(['art:a1']);
      expect(await store.get('a')).toBeUndefined();
      expect(await store.get('b')).toEqual({ value: 2 });
      await store.invalidateTags(['pkg:a']);
      expect(await store.get('b')).toBeUndefined();
      expect(await store.get('c')).toEqual({ value: 3 });
    });

    it('refuses a value whose load started before an invalidation of one of its tags', async () => {
      const startedBefore = await store.nextSequence();
      await store.invalidateTags(['t']);
      expect(await store.set('k', 'old', { tags: ['t', 'u'], sequence: startedBefore })).toBe(false);
      expect(await store.get('k')).toBeUndefined();
      const startedAfter = await store.nextSequence();
      expect(await store.set('k', 'new', { tags: ['t'], sequence: startedAfter })).toBe(true);
      expect(await store.get('k')).toEqual({ value: 'new' });
    });

    it('replaces a value and its tags on a second set', async () => {
      await store.set('k', 1, { tags: ['t1'], sequence: await store.nextSequence() });
      await store.set('k', 2, { tags: ['t2'], sequence: await store.nextSequence() });
      await store.invalidateTags(['t1']);
      expect(await store.get('k')).toEqual({ value: 2 });
      await store.invalidateTags(['t2']);
      expect(await store.get('k')).toBeUndefined();
    });

    it('tells listeners of every invalidation', async () => {
      const seen: string[][] = [];
      const stop = store.onInvalidate((tags) => seen.push([...tags]));
      await store.invalidateTags(['x', 'y']);
      stop();
      await store.invalidateTags(['z']);
      expect(seen).toEqual([['x', 'y']]);
    });

    it('stays within its byte limit, evicting the least recently used first', async () => {
      await store.close();
      store = await makeStore(300);
      const value = 'v'.repeat(98); // 100 bytes of JSON
      await store.set('a', value, { tags: [], sequence: await store.nextSequence() });
      await store.set('b', value, { tags: [], sequence: await store.nextSequence() });
      await store.set('c', value, { tags: [], sequence: await store.nextSequence() });
      expect(await store.get('a')).toEqual({ value }); // a is now more recent than b
      await store.set('d', value, { tags: [], sequence: await store.nextSequence() });
      expect(await store.get('b')).toBeUndefined();
      expect(await store.get('a')).toEqual({ value });
      expect(await store.get('c')).toEqual({ value });
      expect(await store.get('d')).toEqual({ value });
    });

    it('refuses a single value larger than the whole limit', async () => {
      await store.close();
      store = await makeStore(50);
      expect(await store.set('big', 'x'.repeat(100), { tags: [], sequence: await store.nextSequence() })).toBe(false);
      expect(await store.get('big')).toBeUndefined();
    });
  });
}
