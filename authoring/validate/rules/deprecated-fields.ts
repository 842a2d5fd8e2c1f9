import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { sameColumnType, strapiColumnType } from '../../model/strapi-columns.js';
import { attributeDiagnostic, type ModelIndex } from './model-rule.js';

/**
 * `"deprecated": true` and `renamedTo` (docs/authoring-strapi-migrations.md): only a component
 * field is deprecated (what stored instances hold); it is neither required nor defaulted (new
 * instances no longer set it); `renamedTo` names a live field of the same component whose values
 * sit in a column of the same type, since the database migration copies one column into the
 * other. Media, relations, components and dynamic zones have no column to copy.
 */
export function deprecatedFields(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const refuse = (attribute: Parameters<typeof attributeDiagnostic>[0], message: string, key: string) =>
    diagnostics.push(attributeDiagnostic(attribute, 'field-option-not-allowed', message, key));
  for (const collection of index.model.collections) {
    for (const attribute of collection.attributes) {
      if (attribute.deprecated === undefined) continue;
      refuse(attribute, 'only a component field can be deprecated: collections hold no instances', 'deprecated');
    }
  }
  for (const component of index.model.components) {
    for (const attribute of component.attributes) {
      if (attribute.deprecated === undefined) continue;
      if (attribute.required)
        refuse(attribute, 'a deprecated field cannot be required: new instances leave it out', 'required');
      if (attribute.options.default !== undefined) {
        refuse(attribute, 'a deprecated field takes no default: new instances leave it out', 'default');
      }
      const renamedTo = attribute.deprecated.renamedTo;
      if (renamedTo === undefined) continue;
      const target = component.attributes.find((candidate) => candidate.name === renamedTo);
      if (strapiColumnType(attribute) === undefined) {
        refuse(
          attribute,
          `a ${attribute.type} field's values are not in a column of ${component.id}: it cannot be renamed in the database (deprecate it and let migrate-pages move the values)`,
          'renamedTo',
        );
      } else if (target === undefined || target.deprecated !== undefined) {
        refuse(
          attribute,
          `renamedTo "${renamedTo}" is not a field of ${component.id} that is not deprecated`,
          'renamedTo',
        );
      } else if (!sameColumnType(attribute, target)) {
        refuse(
          attribute,
          `renamedTo "${renamedTo}" is ${target.type}: its column cannot take the values of a ${attribute.type} field as they are`,
          'renamedTo',
        );
      }
    }
  }
  return diagnostics;
}
