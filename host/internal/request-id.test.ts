import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_ID_LENGTH, requestIdOf } from './request-id.js';

/** A made id: the process's 8-character prefix, a dash, a counter in base 36. */
const MADE = /^[A-Za-z0-9_-]{8}-[0-9a-z]+$/;

describe('requestIdOf', () => {
  it('keeps a token of 1 to 128 characters of [A-Za-z0-9._:-]', () => {
    for (const token of ['a', 'req-42', '01HF8Z.trace:span_1', 'x'.repeat(MAX_REQUEST_ID_LENGTH), '1700000000000'])
      expect(requestIdOf(token)).toBe(token);
  });

  it('replaces anything else with a new id, never escaping it', () => {
    const hostile = [
      undefined,
      '',
      'x'.repeat(MAX_REQUEST_ID_LENGTH + 1),
      'a\nforged line',
      'a b',
      'a, b', // the header sent twice, as Node joins it
      '"quoted"',
      'é',
      '\x1b[31m',
      ['a', 'b'],
    ];
    const made = hostile.map((given) => requestIdOf(given));
    for (const id of made) expect(id).toMatch(MADE);
    expect(new Set(made).size).toBe(hostile.length);
  });
});
