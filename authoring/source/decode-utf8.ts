import { failure, type Result, success } from '../result.js';

/** Fatal: bytes that are not UTF-8 are an error, never U+FFFD. The BOM is kept (SourceFile drops it). */
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Where the first byte that is not UTF-8 sits: its offset, and its 1-based line and column in the text before it. */
export interface InvalidUtf8 {
  readonly offset: number;
  readonly byte: number;
  readonly line: number;
  readonly column: number;
}

/**
 * The offset of the first byte that does not start or continue a well-formed UTF-8 sequence
 * (Unicode table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), or -1.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    // In range: index < bytes.length.
    const lead = bytes[index] ?? 0;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    const length =
      lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0 || index + length > bytes.length) return index;
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    // In range: index + length <= bytes.length.
    const second = bytes[index + 1] ?? 0;
    if (second < low || second > high) return index;
    for (let next = index + 2; next < index + length; next += 1) if (((bytes[next] ?? 0) & 0xc0) !== 0x80) return index;
    index += length;
  }
  return -1;
}

/** The text of `bytes`, or where they stop being UTF-8 (a file is never read with U+FFFD in place of its bytes). */
export function decodeUtf8(bytes: Uint8Array): Result<string, InvalidUtf8> {
  try {
    return success(decoder.decode(bytes));
  } catch {
    const offset = Math.max(firstInvalidUtf8(bytes), 0);
    const before = decoder.decode(bytes.subarray(0, offset)).replace(/^\ufeff/, '');
    const lines = before.split('\n');
    const last = lines[lines.length - 1] ?? '';
    return failure({ offset, byte: bytes[offset] ?? 0, line: lines.length, column: last.length + 1 });
  }
}
