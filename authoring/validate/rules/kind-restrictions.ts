import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { attributeDiagnostic, type ModelIndex, ownerLabel, owners } from './model-rule.js';

const limitedRelations = new Set(['oneToOne', 'oneToMany']);

/**
 * What a kind of model cannot hold (Strapi's CTB; a real boot accepts several and breaks later):
 * no dynamic zone, uid or per-field localization in a component; relations of components and
 * single types are oneToOne or oneToMany, and a component's relations are one-way; `localized`
 * only in an i18n collection.
 */
export function kindRestrictions(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const owner of owners(index.model)) {
    const isComponent = owner.kind === 'component';
    const isSingle = owner.kind === 'collection' && owner.model.kind === 'singleType';
    for (const attribute of owner.model.attributes) {
      if (isComponent && attribute.type === 'dynamiczone') {
        diagnostics.push(
          attributeDiagnostic(attribute, 'dynamiczone-in-component', 'a component cannot hold a dynamic zone'),
        );
      }
      if (isComponent && attribute.type === 'uid') {
        diagnostics.push(attributeDiagnostic(attribute, 'uid-in-component', 'a component cannot hold a uid field'));
      }
      if (attribute.options.localized !== undefined) {
        if (isComponent) {
          diagnostics.push(
            attributeDiagnostic(
              attribute,
              'localized-in-component',
              'component fields follow the localization of the field that holds the component',
              'localized',
            ),
          );
        } else if (owner.kind === 'collection' && !owner.model.i18n) {
          diagnostics.push(
            attributeDiagnostic(
              attribute,
              'localized-without-i18n',
              `collection ${owner.model.id} is not i18n`,
              'localized',
            ),
          );
        }
      }
      if (attribute.type !== 'relation') continue;
      if ((isComponent || isSingle) && !limitedRelations.has(attribute.relation)) {
        diagnostics.push(
          attributeDiagnostic(
            attribute,
            'relation-type-not-allowed',
            `${ownerLabel(owner)} is a ${isComponent ? 'component' : 'single type'}: relations are oneToOne or oneToMany, not ${attribute.relation}`,
            'relation',
          ),
        );
      }
      if (isComponent && (attribute.inversedBy !== undefined || attribute.mappedBy !== undefined)) {
        diagnostics.push(
          attributeDiagnostic(
            attribute,
            'relation-inverse-in-component',
            'relations of a component are one-way: drop inversedBy/mappedBy',
            attribute.inversedBy !== undefined ? 'inversedBy' : 'mappedBy',
          ),
        );
      }
    }
  }
  return diagnostics;
}
