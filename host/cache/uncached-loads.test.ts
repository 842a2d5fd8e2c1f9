import { describe, expect, it } from 'vitest';
import { UncachedLoads } from './uncached-loads.js';

/** A load that resolves when told to, counting how many ran and how many ran at once. */
function controlledLoads() {
  const pending: ((value: number) => void)[] = [];
  let started = 0;
  let running = 0;
  let maxRunning = 0;
  return {
    load: () =>
      new Promise<number>((resolve) => {
        started += 1;
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        const number = started;
        pending.push(() => {
          running -= 1;
          resolve(number);
        });
      }),
    finishNext: async () => {
      pending.shift()?.(0);
      // Let the chain start the waiting load.
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    },
    get started() {
      return started;
    },
    get maxRunning() {
      return maxRunning;
    },
  };
}

/** Past every callback of the loads settled so far (the bookkeeping runs after its callers). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('UncachedLoads', () => {
  it('shares one load among callers that arrived before it started', async () => {
    const loads = new UncachedLoads();
    const origin = controlledLoads();
    const answers = [loads.load('k', origin.load), loads.load('k', origin.load), loads.load('k', origin.load)];
    await Promise.resolve();
    expect(origin.started).toBe(1);
    await origin.finishNext();
    expect(await Promise.all(answers)).toEqual([1, 1, 1]);
    await settled();
    expect(loads.size).toBe(0);
  });

  it('never answers a caller with a load that started before it came: it waits for the next, one running at a time', async () => {
    const loads = new UncachedLoads();
    const origin = controlledLoads();
    const first = loads.load('k', origin.load);
    await Promise.resolve();
    expect(origin.started).toBe(1);
    // Arrived while load 1 runs: both share load 2, which starts only once load 1 has ended.
    const second = loads.load('k', origin.load);
    const third = loads.load('k', origin.load);
    await Promise.resolve();
    expect(origin.started).toBe(1);
    await origin.finishNext();
    expect(await first).toBe(1);
    expect(origin.started).toBe(2);
    await origin.finishNext();
    expect([await second, await third]).toEqual([2, 2]);
    expect(origin.maxRunning).toBe(1);
    await settled();
    expect(loads.size).toBe(0);
  });

  it('keeps keys apart, and a failed load fails only its own callers', async () => {
    const loads = new UncachedLoads();
    const failing = loads.load('a', () => Promise.reject(new Error('origin down')));
    const other = loads.load('b', () => Promise.resolve('b'));
    await expect(failing).rejects.toThrow('origin down');
    expect(await other).toBe('b');
    expect(await loads.load('a', () => Promise.resolve('a again'))).toBe('a again');
    await settled();
    expect(loads.size).toBe(0);
  });
});
