import { describe, expect, it } from 'vitest';
import { RenderTracker } from './render-tracker.js';

describe('RenderTracker', () => {
  it('resolves at the first render with the inserted props, not before', async () => {
    const tracker = new RenderTracker();
    let done = false;
    const rendered = tracker.expect('a').then(() => {
      done = true;
    });
    tracker.rendered('a', {}); // before the insert produced its props
    tracker.inserted('a', { title: 'Hi' });
    tracker.rendered('a', { title: 'other' });
    await Promise.resolve();
    expect(done).toBe(false);
    tracker.rendered('a', { title: 'Hi' });
    await rendered;
    expect(done).toBe(true);
  });

  it('rejects with the error of a failed insert, and gives one promise per instance', async () => {
    const tracker = new RenderTracker();
    const first = tracker.expect('b');
    expect(tracker.expect('b')).toBe(first);
    tracker.failed('b', new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    tracker.failed('unknown', new Error('ignored')); // nothing waits: no throw
  });
});
