import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { toRegressedEnumValue } from '../../model/strapi-strings.js';
import { attributeDiagnostic, attributePlace, type ModelIndex, owners } from './model-rule.js';

/**
 * Enumerations, as Strapi 5.54 checks them: at least one value; no value starting with a digit
 * (the Content-Type Builder); and, at load, each value's key (`toRegressedEnumValue`: slugify with
 * `_`, so `R&D` is `R_and_D` and `@1x` is `1x`) a GraphQL name, not empty, and unique. A default
 * must be one of the values. Each failure at the value, naming the value it collides with.
 */
export function enumValues(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const owner of owners(index.model)) {
    for (const attribute of owner.model.attributes) {
      if (attribute.type !== 'enumeration') continue;
      if (attribute.enum.length === 0) {
        diagnostics.push(
          attributeDiagnostic(attribute, 'enum-empty', 'an enumeration needs at least one value', 'enum'),
        );
        continue;
      }
      const seen = new Map<string, number>();
      attribute.enum.forEach((value, position) => {
        const at = ['enum', position];
        const key = toRegressedEnumValue(value);
        const invalid =
          key === ''
            ? `enum value "${value}" has no letter or digit: Strapi's key for it would be empty`
            : /^[0-9]/.test(value)
              ? `enum value "${value}" starts with a digit`
              : /^[0-9]/.test(key)
                ? `enum value "${value}" starts with a digit once Strapi normalizes it ("${key}")`
                : undefined;
        if (invalid !== undefined) {
          diagnostics.push(attributeDiagnostic(attribute, 'enum-value-invalid', invalid, at));
          return;
        }
        const earlier = seen.get(key);
        if (earlier === undefined) {
          seen.set(key, position);
          return;
        }
        const other = attribute.enum[earlier] ?? '';
        const place = attributePlace(attribute, ['enum', earlier]);
        const message =
          other === value
            ? `enum value "${value}" is listed twice (first at ${place})`
            : `enum value "${value}" collides with "${other}" at ${place}: Strapi normalizes both to "${key}"`;
        diagnostics.push(attributeDiagnostic(attribute, 'enum-value-duplicate', message, at));
      });
      const fallback = attribute.options.default;
      if (fallback !== undefined && !attribute.enum.includes(fallback as string)) {
        diagnostics.push(
          attributeDiagnostic(
            attribute,
            'enum-default-invalid',
            `default ${JSON.stringify(fallback)} is not one of the values`,
            'default',
          ),
        );
      }
    }
  }
  return diagnostics;
}
