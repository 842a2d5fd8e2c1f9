import { describe, expect, it } from 'vitest';
import type { CacheHit } from './cache-store.js';
import { LocalCopies } from './local-copies.js';

// In memory only: what Redis answered is given by hand (the store's own suite runs them against Redis).

describe('LocalCopies', () => {
  it('answers a copy only in the generation Redis vouched for it in', () => {
    const copies = new LocalCopies(1_000);
    const value = { v: 1 };
    copies.keep('k', '7', value, 7, copies.generation);
    expect(copies.current('k')?.value).toBe(value);
    copies.invalidate();
    expect(copies.current('k')).toBeUndefined();
    // The version stays: Redis can still answer "unchanged" for it.
    const copy = copies.get('k');
    expect(copy?.version).toBe('7');
    if (copy === undefined) throw new Error('the copy is kept');
    copies.vouch(copy, copies.generation);
    expect(copies.current('k')?.value).toBe(value);
  });

  it('vouches for nothing answered to a read or write that an invalidation overtook', () => {
    const copies = new LocalCopies(1_000);
    const started = copies.generation;
    copies.invalidate(); // heard while the question was at Redis
    copies.keep('k', '3', 'old', 5, started);
    expect(copies.current('k')).toBeUndefined();
    expect(copies.get('k')?.generation).toBe(-1);
    const copy = copies.get('k');
    if (copy === undefined) throw new Error('the copy is kept');
    copies.vouch(copy, started);
    expect(copies.current('k')).toBeUndefined();
  });

  it('drops a key that Redis no longer holds, and forgets everything on clear', () => {
    const copies = new LocalCopies(1_000);
    copies.keep('a', '1', 'a', 1, copies.generation);
    copies.keep('b', '2', 'b', 1, copies.generation);
    copies.drop('a');
    expect(copies.get('a')).toBeUndefined();
    copies.clear();
    expect(copies.get('b')).toBeUndefined();
  });

  it('stays within its byte bound, least recently used first', () => {
    const copies = new LocalCopies(10);
    copies.keep('a', '1', 'a', 4, copies.generation);
    copies.keep('b', '2', 'b', 4, copies.generation);
    copies.get('a');
    copies.keep('c', '3', 'c', 4, copies.generation);
    expect(copies.get('b')).toBeUndefined();
    expect(copies.get('a')?.value).toBe('a');
    copies.keep('big', '4', 'x'.repeat(20), 20, copies.generation);
    expect(copies.get('big')).toBeUndefined();
  });

  it('hands the touched keys to one heartbeat, at most 1,000', () => {
    const copies = new LocalCopies(1_000);
    for (let key = 0; key < 1_200; key += 1) copies.touch(`k${key % 1_100}`);
    expect(copies.takeTouched()).toHaveLength(1_000);
    expect(copies.takeTouched()).toEqual([]);
  });

  it('shares a read in flight only while shareable, and not across an invalidation', async () => {
    const copies = new LocalCopies(1_000);
    let loads = 0;
    const pending: Array<(hit: CacheHit | undefined) => void> = [];
    const load = () => {
      loads += 1;
      return new Promise<CacheHit | undefined>((resolve) => pending.push(resolve));
    };
    const first = copies.read('k', () => true, load);
    expect(copies.read('k', () => true, load)).toBe(first);
    expect(loads).toBe(1);
    expect(copies.read('k', () => false, load)).not.toBe(first); // no lease: its own round trip
    expect(loads).toBe(2);
    copies.invalidate();
    const after = copies.read('k', () => true, load);
    expect(after).not.toBe(first);
    expect(loads).toBe(3);
    for (const resolve of pending) resolve({ value: 1 });
    await Promise.all([first, after]);
    // Settled reads are no longer shared.
    void copies.read('k', () => true, load);
    expect(loads).toBe(4);
  });
});
