import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { attributeDiagnostic, type ModelIndex, owners } from './model-rule.js';

/** component(...) and dynamicZone(...) must name components that exist. */
export function componentReferences(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const owner of owners(index.model)) {
    for (const attribute of owner.model.attributes) {
      if (attribute.type === 'component' && !index.components.has(attribute.component)) {
        diagnostics.push(
          attributeDiagnostic(
            attribute,
            'component-unknown',
            `unknown component "${attribute.component}"`,
            'component',
          ),
        );
      }
      if (attribute.type === 'dynamiczone') {
        attribute.components.forEach((id, position) => {
          if (!index.components.has(id)) {
            diagnostics.push(
              attributeDiagnostic(attribute, 'component-unknown', `unknown component "${id}"`, [
                'components',
                position,
              ]),
            );
          }
        });
      }
    }
  }
  return diagnostics;
}
