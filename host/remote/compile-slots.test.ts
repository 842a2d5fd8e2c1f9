import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompileSlots } from './compile-slots.js';

const slotsOf = (slots: number) => new CompileSlots({ slots, ttlSeconds: 60, keyPrefix: 'test-slots' });

describe('CompileSlots in one process', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives each client its slots; a refused take counts none, a release frees one, twice frees one', async () => {
    const slots = slotsOf(2);
    const [first, second] = [await slots.take('10.0.0.1'), await slots.take('10.0.0.1')];
    expect([first, second].every((slot) => slot !== undefined)).toBe(true);
    expect(await slots.take('10.0.0.1')).toBeUndefined();
    expect(await slots.take('10.0.0.1')).toBeUndefined();
    expect(await slots.take('10.0.0.2')).toBeDefined();
    await first?.release();
    await first?.release();
    expect(await slots.take('10.0.0.1')).toBeDefined();
    expect(await slots.take('10.0.0.1')).toBeUndefined();
  });

  it('slots held past their window come back with it; their late release frees nothing more', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'performance'] });
    const slots = slotsOf(1);
    const stuck = await slots.take('10.0.0.1');
    expect(await slots.take('10.0.0.1')).toBeUndefined();
    vi.advanceTimersByTime(59_800);
    // Within the margin before the window ends, a release is left to the window.
    const nearEnd = slotsOf(1);
    const late = await nearEnd.take('10.0.0.3');
    vi.advanceTimersByTime(59_800);
    await late?.release();
    expect(await nearEnd.take('10.0.0.3')).toBeUndefined();
    vi.advanceTimersByTime(200);
    expect(await nearEnd.take('10.0.0.3')).toBeDefined();
    // The first window has ended: its slot is back, and the stuck release adds none to the new one.
    const next = await slots.take('10.0.0.1');
    expect(next).toBeDefined();
    await stuck?.release();
    expect(await slots.take('10.0.0.1')).toBeUndefined();
  });
});
