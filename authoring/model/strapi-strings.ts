import slugify from '@sindresorhus/slugify';
import lodashKebabCase from 'lodash/kebabCase.js';
import lodashSnakeCase from 'lodash/snakeCase.js';

/*
 * The string functions Strapi 5.54 compares names with, from the same packages at the same
 * versions (@strapi/utils 5.54.0 depends on lodash 4.18.1 and @sindresorhus/slugify 1.1.0). A
 * hand-written look-alike drifts: lodash splits digits and acronyms (`line1` → `line_1`,
 * `ABTest` → `ab_test`), and slugify spells `&` as `and`.
 */

/** lodash's snakeCase: Strapi's column names and its reserved/conflicting name checks (`line1` → `line_1`). */
export function snakeCase(name: string): string {
  return lodashSnakeCase(name);
}

/** lodash's kebabCase: how Strapi compares singular and plural names at load (`step2` → `step-2`). */
export function kebabCase(name: string): string {
  return lodashKebabCase(name);
}

/** @strapi/utils `strings.isKebabCase`: Strapi's load-time check of singular and plural names. */
export function isKebabCase(name: string): boolean {
  return /^([a-z][a-z0-9]*)(-[a-z0-9]+)*$/.test(name);
}

/** @strapi/utils `strings.toRegressedEnumValue`: the key Strapi derives from an enum value (`R&D` → `R_and_D`). */
export function toRegressedEnumValue(value: string): string {
  // Shortcut (docs/authoring-performance.md): slugify builds ~700 regular expressions per call
  // (0.4 ms). For ASCII without `&` (its only ASCII replacement) it transliterates nothing, so it
  // is exactly this; strapi-strings.test.ts checks that against slugify itself.
  if (!/[^\p{ASCII}]|&/u.test(value)) {
    return value.replace(/[^a-zA-Z\d]+/g, '_').replace(/^_|_$/g, '');
  }
  return slugify(value, { decamelize: false, lowercase: false, separator: '_' });
}
