import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { attributeDiagnostic, type ModelIndex, owners } from './model-rule.js';

/** uid(<field>): the target field exists beside it and is a string or text; no default with it. */
export function uidTarget(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const owner of owners(index.model)) {
    for (const attribute of owner.model.attributes) {
      if (attribute.type !== 'uid' || attribute.targetField === undefined) continue;
      const target = owner.model.attributes.find((candidate) => candidate.name === attribute.targetField);
      if (!target || (target.type !== 'string' && target.type !== 'text')) {
        diagnostics.push(
          attributeDiagnostic(
            attribute,
            'uid-target-invalid',
            target
              ? `uid target field "${attribute.targetField}" is ${target.type}, not string or text`
              : `uid target field "${attribute.targetField}" does not exist`,
            'targetField',
          ),
        );
      }
      if (attribute.options.default !== undefined) {
        diagnostics.push(
          attributeDiagnostic(
            attribute,
            'uid-default-with-target',
            'a uid with a targetField takes no default',
            'default',
          ),
        );
      }
    }
  }
  return diagnostics;
}
