import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { attributeDiagnostic, type ModelIndex, owners } from './model-rule.js';

/** The value Strapi's GraphQL layer turns an enum value into; two values must not meet there. */
function regressed(value: string): string {
  return value.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/**
 * Enumerations (Strapi's content-type validator): at least one value; values non-empty, unique
 * (also after GraphQL normalization) and not starting with a digit; a default among them.
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
      const seen = new Map<string, string>();
      attribute.enum.forEach((value, position) => {
        const at = ['enum', position];
        if (regressed(value) === '') {
          diagnostics.push(attributeDiagnostic(attribute, 'enum-value-invalid', `enum value "${value}" is empty`, at));
        } else if (/^[0-9]/.test(value)) {
          diagnostics.push(
            attributeDiagnostic(attribute, 'enum-value-invalid', `enum value "${value}" starts with a digit`, at),
          );
        } else {
          const earlier = seen.get(regressed(value));
          if (earlier !== undefined) {
            diagnostics.push(
              attributeDiagnostic(
                attribute,
                'enum-value-duplicate',
                earlier === value
                  ? `enum value "${value}" is listed twice`
                  : `enum values "${earlier}" and "${value}" collide`,
                at,
              ),
            );
          } else {
            seen.set(regressed(value), value);
          }
        }
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
