import { describe, expect, it } from 'vitest';
import { preferredCoding } from './accept-encoding.js';

describe('preferredCoding', () => {
  it.each([
    // What browsers and undici send
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR, GZip', 'br'],
    // Weights: the higher one, br on a tie, neither with q=0
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.0, gzip;q=0.5', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['gzip;q=0', undefined],
    // `*` stands for every coding not listed
    ['*', 'br'],
    ['*;q=0', undefined],
    ['br;q=0, *', 'gzip'],
    ['*;q=0, gzip', 'gzip'],
    ['*;q=0.2, gzip;q=0.8', 'gzip'],
    // Nothing this host makes
    ['identity', undefined],
    ['deflate, zstd', undefined],
    ['identity;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
    // A weight that is not one: the member is ignored
    ['br;q=2, gzip', 'gzip'],
    ['br;q=, gzip', 'gzip'],
    ['br;q=x', undefined],
  ])('%j → %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
    // The kept choice is the same.
    expect(preferredCoding(header)).toBe(coding);
  });

  it('keeps a bounded number of choices and stays right past them', () => {
    for (let index = 0; index < 200; index += 1) {
      expect(preferredCoding(`gzip;q=0.${index % 10}, br;q=0, x-${index}`)).toBe(index % 10 === 0 ? undefined : 'gzip');
    }
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
  });
});
