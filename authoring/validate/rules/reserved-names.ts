import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { reservedAttributeName } from '../../model/strapi-reserved-names.js';
import { snakeCase } from '../../model/strapi-strings.js';
import { type ModelIndex, owners } from './model-rule.js';

/** Strapi's CTB name rule for attributes. */
export const attributeNamePattern = /^[A-Za-z][_0-9A-Za-z]*$/;

/**
 * Attribute names: Strapi's pattern, and none that Strapi reserves once snake_cased by lodash
 * (`id_` is `id`, `documentID` is `document_id`, `strapiThing` starts with `strapi`).
 */
export function reservedNames(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const owner of owners(index.model)) {
    for (const attribute of owner.model.attributes) {
      const { name } = attribute;
      const { file, path } = attribute.source;
      if (!attributeNamePattern.test(name)) {
        const message = `field name "${name}" must match ${attributeNamePattern}`;
        diagnostics.push(file.diagnostic(path, 'attribute-name-invalid', message, 'key'));
        continue;
      }
      const snake = snakeCase(name);
      const reserved = reservedAttributeName(name, snake);
      if (reserved === undefined) continue;
      const as = snake === name ? '' : ` (Strapi compares it as "${snake}")`;
      const what = reserved.endsWith('*') ? `names starting with "${reserved.slice(0, -1)}" are` : `"${reserved}" is`;
      diagnostics.push(
        file.diagnostic(
          path,
          'attribute-name-reserved',
          `field name "${name}" is reserved: ${what} Strapi's${as}`,
          'key',
        ),
      );
    }
  }
  return diagnostics;
}
