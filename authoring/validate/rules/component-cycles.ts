import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Attribute } from '../../model/attribute.js';
import { attributeDiagnostic, type ModelIndex } from './model-rule.js';

function nestedIds(attribute: Attribute): readonly string[] {
  if (attribute.type === 'component') return [attribute.component];
  if (attribute.type === 'dynamiczone') return attribute.components;
  return [];
}

/**
 * A component must not nest itself, directly or through others (Strapi boots with it and then
 * recurses forever when populating). Each cycle is reported once, at the field that closes it.
 */
export function componentCycles(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const done = new Set<string>();
  const reported = new Set<string>();
  const stack: string[] = [];
  const visit = (id: string): void => {
    if (done.has(id)) return;
    const component = index.components.get(id);
    if (!component) return;
    stack.push(id);
    for (const attribute of component.attributes) {
      for (const nested of nestedIds(attribute)) {
        const start = stack.indexOf(nested);
        if (start >= 0) {
          const cycle = [...stack.slice(start), nested];
          const key = [...cycle.slice(0, -1)].sort().join(' ');
          if (!reported.has(key)) {
            reported.add(key);
            diagnostics.push(
              attributeDiagnostic(
                attribute,
                'component-cycle',
                `component ${nested} nests itself: ${cycle.join(' → ')}`,
              ),
            );
          }
        } else {
          visit(nested);
        }
      }
    }
    stack.pop();
    done.add(id);
  };
  for (const component of index.model.components) visit(component.id);
  return diagnostics;
}
