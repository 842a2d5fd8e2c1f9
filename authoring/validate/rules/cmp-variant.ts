import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { attributeDiagnostic, type ModelIndex } from './model-rule.js';

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Spec 4.4: every component has `cmp_variant`, a required string. */
export function cmpVariant(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const component of index.model.components) {
    const field = component.attributes.find((attribute) => attribute.name === 'cmp_variant');
    // Without a `fields` object, layer 1 has reported the file already.
    if (!field && isObject(component.file.valueAt(['fields']))) {
      diagnostics.push(
        component.file.diagnostic(
          ['fields'],
          'cmp-variant-missing',
          `component ${component.id} has no cmp_variant field (add "cmp_variant": "string!")`,
          'key',
        ),
      );
    } else if (field && (field.type !== 'string' || !field.required)) {
      diagnostics.push(
        attributeDiagnostic(field, 'cmp-variant-invalid', 'cmp_variant must be a required string ("string!")'),
      );
    }
  }
  return diagnostics;
}
