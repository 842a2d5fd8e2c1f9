import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Attribute } from '../../model/attribute.js';
import { identifier } from '../../model/strapi-identifiers.js';
import { reservedAttributeName } from '../../model/strapi-reserved-names.js';
import { snakeCase } from '../../model/strapi-strings.js';
import { fieldPlace, type ModelIndex, owners } from './model-rule.js';
import { attributeNamePattern } from './reserved-names.js';

/**
 * No two fields of a model that Strapi takes for one: the Content-Type Builder refuses names equal
 * once snake_cased by lodash, and the database names a field's column that way (`line1` and
 * `line_1` are both `line_1`: "duplicate column name"; `ABTest` and `ab_test` are `ab_test`),
 * shortened past 55 characters. Reported at the later field's name, naming the first.
 */
export function attributeNameConflicts(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const owner of owners(index.model)) {
    const seen = new Map<string, Attribute>();
    for (const attribute of owner.model.attributes) {
      const snake = snakeCase(attribute.name);
      // Invalid and reserved names are reserved-names' to report.
      if (!attributeNamePattern.test(attribute.name) || reservedAttributeName(attribute.name, snake)) continue;
      const column = identifier([snake]); // Strapi's getColumnName: the snake name, shortened past 55
      const earlier = seen.get(snake) ?? seen.get(column);
      if (earlier) {
        const message = `field "${attribute.name}" is the same column as field "${earlier.name}" at ${fieldPlace(earlier)}: Strapi names both "${column}"`;
        diagnostics.push(
          attribute.source.file.diagnostic(attribute.source.path, 'attribute-name-conflict', message, 'key'),
        );
        continue;
      }
      seen.set(snake, attribute);
      seen.set(column, attribute);
    }
  }
  return diagnostics;
}
