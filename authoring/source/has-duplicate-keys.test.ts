import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasDuplicateKeys } from './has-duplicate-keys.js';

describe('hasDuplicateKeys', () => {
  it.each([
    ['{"a": 1, "a": 2}', true],
    ['{"a": 1, "b": {"a": 2}}', false],
    ['[{"a": 1}, {"a": 2}]', false],
    ['{"a": {"b": 1, "b": 2}}', true],
    ['{"a": "\\"a\\": x", "b": 1}', false],
    ['{"a\\u0062": 1, "ab": 2}', true],
    ['{"x": "}{", "x" : 1}', true],
    ['{"x": ["a", "b"], "y": 1}', false],
  ])('%s → %s', (text, expected) => {
    expect(hasDuplicateKeys(text)).toBe(expected);
  });

  it('never finds a duplicate in what JSON.stringify writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(hasDuplicateKeys(JSON.stringify(value, null, 2))).toBe(false);
      }),
    );
  });
});
