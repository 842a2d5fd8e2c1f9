import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8 } from './decode-utf8.js';

const fatal = new TextDecoder('utf-8', { fatal: true });

describe('decodeUtf8', () => {
  it('agrees with the platform fatal decoder on what is UTF-8', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 24 }),
      fc.string({ unit: 'binary' }).map((text) => new TextEncoder().encode(text)),
      fc
        .tuple(fc.string({ unit: 'binary' }), fc.uint8Array({ minLength: 1, maxLength: 4 }), fc.string())
        .map(
          ([a, junk, b]) => new Uint8Array([...new TextEncoder().encode(a), ...junk, ...new TextEncoder().encode(b)]),
        ),
    );
    fc.assert(
      fc.property(bytes, (input) => {
        let valid = true;
        try {
          fatal.decode(input);
        } catch {
          valid = false;
        }
        expect(firstInvalidUtf8(input) === -1).toBe(valid);
        expect(decodeUtf8(input).ok).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });

  it('places the first byte that is not UTF-8 at its line and column', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{\n  "tïtle": "a'), 0xc3, 0x28, 0x7d]);
    expect(decodeUtf8(bytes)).toEqual({ ok: false, error: { offset: 16, byte: 0xc3, line: 2, column: 14 } });
    expect(firstInvalidUtf8(new Uint8Array([0xed, 0xa0, 0x80]))).toBe(0); // a surrogate, encoded
    expect(firstInvalidUtf8(new Uint8Array([0xc0, 0xaf]))).toBe(0); // an overlong "/"
    expect(firstInvalidUtf8(new Uint8Array([0x61, 0xf0, 0x9f, 0x98]))).toBe(1); // cut short
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ ok: true, value: '\ufeffa' });
  });
});
