import slugify from '@sindresorhus/slugify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKebabCase, kebabCase, snakeCase, toRegressedEnumValue } from './strapi-strings.js';

describe('Strapi string functions', () => {
  it('splits digits and acronyms as lodash does', () => {
    expect(snakeCase('line1')).toBe('line_1');
    expect(snakeCase('ABTest')).toBe('ab_test');
    expect(snakeCase('id_')).toBe('id');
    expect(kebabCase('step2')).toBe('step-2');
  });

  it("checks kebab-case with @strapi/utils' pattern", () => {
    expect(['step2', 'step-2', 'a-1b'].map(isKebabCase)).toEqual([true, true, true]);
    expect(['promo-', 'blog--post', '-x', 'Post'].map(isKebabCase)).toEqual([false, false, false, false]);
  });

  it('derives enum keys with slugify 1.1.0', () => {
    expect(['R&D', 'R and D', '@1x', 'Crème brûlée', '---'].map(toRegressedEnumValue)).toEqual([
      'R_and_D',
      'R_and_D',
      '1x',
      'Creme_brulee',
      '',
    ]);
  });

  it("gives slugify's result for every ASCII string (the shortcut), and for others", () => {
    const slug = (value: string) => slugify(value, { decamelize: false, lowercase: false, separator: '_' });
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
    for (const a of ascii)
      for (const b of ['', 'a', '_', ' ', 'Z9']) expect(toRegressedEnumValue(a + b)).toBe(slug(a + b));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...ascii, 'é', 'ß', '♥', '🦄', 'Ä') }), (value) => {
        expect(toRegressedEnumValue(value)).toBe(slug(value));
      }),
      { numRuns: 2000 },
    );
  });
});
