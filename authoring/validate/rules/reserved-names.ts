import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { attributeDiagnostic, type ModelIndex, owners } from './model-rule.js';

/** Strapi's CTB name rule for attributes. */
const attributeNamePattern = /^[A-Za-z][_0-9A-Za-z]*$/;

/**
 * Attribute names Strapi reserves, compared snake_cased (content-type-builder `builder.ts`), plus
 * the keys Strapi adds to every entry and to dynamic zone items.
 */
const reservedAttributeNames = new Set([
  'id',
  'document_id',
  'created_at',
  'updated_at',
  'published_at',
  'created_by_id',
  'updated_by_id',
  'created_by',
  'updated_by',
  'entry_id',
  'status',
  'localizations',
  'meta',
  'locale',
  '__component',
  '__content_type',
]);

/** Model names Strapi reserves for content types and components. */
export const reservedModelNames = new Set(['boolean', 'date', 'date-time', 'time', 'upload', 'then', 'document']);

/** `createdAt` → `created_at` (Strapi compares attribute names this way). */
export function snakeAttributeName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Attribute names: Strapi's pattern, not reserved, no two alike once snake_cased. */
export function reservedNames(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const owner of owners(index.model)) {
    const seen = new Map<string, string>();
    for (const attribute of owner.model.attributes) {
      const { name } = attribute;
      const at = attribute.source.file.diagnostic.bind(attribute.source.file);
      if (!attributeNamePattern.test(name)) {
        diagnostics.push(
          at(
            attribute.source.path,
            'attribute-name-invalid',
            `field name "${name}" must match ${attributeNamePattern}`,
            'key',
          ),
        );
        continue;
      }
      const snake = snakeAttributeName(name);
      if (reservedAttributeNames.has(snake) || snake.startsWith('strapi')) {
        diagnostics.push(
          at(attribute.source.path, 'attribute-name-reserved', `field name "${name}" is reserved by Strapi`, 'key'),
        );
        continue;
      }
      const earlier = seen.get(snake);
      if (earlier !== undefined) {
        diagnostics.push(
          attributeDiagnostic(
            attribute,
            'attribute-name-conflict',
            `fields "${earlier}" and "${name}" are the same column (${snake})`,
          ),
        );
      }
      seen.set(snake, name);
    }
  }
  return diagnostics;
}
