import { describe, expect, it } from 'vitest';
import { propChanges } from './prop-changes.js';

describe('propChanges', () => {
  it('names each prop added, removed, renamed and changed, with its values', () => {
    const before = { title: 'Hi', legacyColor: 'red', size: 2, tags: ['a'] };
    const after = { heading: 'Hi', size: 3, tags: ['a'], align: 'left' };
    expect(propChanges(before, after)).toEqual([
      { kind: 'renamed', from: 'title', key: 'heading', value: 'Hi' },
      { kind: 'removed', key: 'legacyColor', before: 'red' },
      { kind: 'changed', key: 'size', before: 2, after: 3 },
      { kind: 'added', key: 'align', after: 'left' },
    ]);
  });

  it('compares nested values deeply, key order aside', () => {
    expect(propChanges({ link: { href: '/', label: 'Home' } }, { link: { label: 'Home', href: '/' } })).toEqual([]);
  });

  it('leaves an ambiguous rename as a removal and additions', () => {
    // Two added keys hold the removed value: no single place it moved to.
    expect(propChanges({ a: 1 }, { b: 1, c: 1 })).toEqual([
      { kind: 'removed', key: 'a', before: 1 },
      { kind: 'added', key: 'b', after: 1 },
      { kind: 'added', key: 'c', after: 1 },
    ]);
    // Two removed keys hold the added value.
    expect(propChanges({ a: 1, b: 1 }, { c: 1 })).toEqual([
      { kind: 'removed', key: 'a', before: 1 },
      { kind: 'removed', key: 'b', before: 1 },
      { kind: 'added', key: 'c', after: 1 },
    ]);
  });

  it('counts own keys only: props named after Object.prototype members are props like any other', () => {
    const before = JSON.parse('{"toString":"x","__proto__":{"a":1}}') as Record<string, unknown>;
    expect(propChanges(before, {})).toEqual([
      { kind: 'removed', key: 'toString', before: 'x' },
      { kind: 'removed', key: '__proto__', before: { a: 1 } },
    ]);
    expect(propChanges({}, before)).toEqual([
      { kind: 'added', key: 'toString', after: 'x' },
      { kind: 'added', key: '__proto__', after: { a: 1 } },
    ]);
  });

  it('answers for values nested deeper than the stack and for cyclic ones', () => {
    const nested = () => {
      let deep: unknown = 0;
      for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
      return deep;
    };
    expect(propChanges({ deep: nested() }, { deep: nested() })).toEqual([]);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(propChanges({ cyclic }, { cyclic: { self: {} } })).toMatchObject([{ kind: 'changed', key: 'cyclic' }]);
  });

  it('seeks no rename beyond 10,000 removed × added pairs', () => {
    const before = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`old${i}`, i]));
    const after = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`new${i}`, i]));
    const changes = propChanges(before, after);
    expect(changes.filter((change) => change.kind === 'renamed')).toEqual([]);
    expect(changes).toHaveLength(400);
  });
});
