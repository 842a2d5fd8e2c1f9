import { describe, expect, it } from 'vitest';
import { InsertStates } from './insert-states.js';

describe('InsertStates', () => {
  it('keeps an insert unfinished until the instance holds its inserted props', () => {
    const inserts = new InsertStates();
    let notified = 0;
    const unsubscribe = inserts.subscribe(() => {
      notified += 1;
    });
    expect(inserts.unfinished('a', {})).toBe(false); // never inserted here: a saved instance
    inserts.start('a');
    expect(inserts.unfinished('a', {})).toBe(true);
    inserts.inserted('a', { title: 'Hi' });
    expect(inserts.unfinished('a', {})).toBe(true);
    expect(inserts.unfinished('a', { title: 'Hi' })).toBe(false);
    inserts.finish('a');
    expect(inserts.get('a')).toBeUndefined();
    inserts.start('b');
    inserts.fail('b', new Error('offline'));
    expect(inserts.unfinished('b', { anything: 1 })).toBe(true);
    expect(notified).toBe(5);
    unsubscribe();
    inserts.finish('b');
    expect(notified).toBe(5);
  });
});
