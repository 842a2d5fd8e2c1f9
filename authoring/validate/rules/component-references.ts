import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { attributeDiagnostic, type ModelIndex, owners } from './model-rule.js';

/** A component of the model, or one a file that failed to parse may hold (reported there). */
function known(index: ModelIndex, id: string): boolean {
  return index.components.has(id) || index.unreadable.components.has(id);
}

/** component(...) and dynamicZone(...) must name components that exist. */
export function componentReferences(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const owner of owners(index.model)) {
    for (const attribute of owner.model.attributes) {
      if (attribute.type === 'component' && !known(index, attribute.component)) {
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
          if (!known(index, id)) {
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
