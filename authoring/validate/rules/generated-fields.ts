import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Attribute } from '../../model/attribute.js';
import { instanceField, isPageCollection, pageComponentIds, revisionField } from '../../model/page-collections.js';
import { snakeCase } from '../../model/strapi-strings.js';
import type { ModelIndex } from './model-rule.js';

/** A field Strapi would take for `generated` (it compares and names columns lodash-snake_cased). */
function isTaken(attribute: Attribute, generated: string): boolean {
  return snakeCase(attribute.name) === generated;
}

function reserved(attribute: Attribute, generated: string, where: string): Diagnostic {
  const as = attribute.name === generated ? '' : ` (Strapi compares it as "${generated}")`;
  const message = `field name "${attribute.name}" is reserved${as}: generate adds "${generated}" to ${where} (docs/strapi-pages.md)`;
  return attribute.source.file.diagnostic(attribute.source.path, 'field-reserved', message, 'key');
}

/**
 * The attributes generate adds for pages (docs/strapi-pages.md, "Page collections") are not the
 * source's to declare: `revision` on a page collection (one with a dynamic zone), `cmp_instance`
 * on a component a page collection's dynamic zone lists. Reported at the field's name.
 */
export function generatedFields(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const listed = pageComponentIds(index.model.collections);
  for (const component of index.model.components) {
    if (!listed.has(component.id)) continue;
    for (const attribute of component.attributes) {
      if (isTaken(attribute, instanceField)) {
        diagnostics.push(reserved(attribute, instanceField, 'every component a dynamic zone lists'));
      }
    }
  }
  for (const collection of index.model.collections) {
    if (!isPageCollection(collection)) continue;
    for (const attribute of collection.attributes) {
      if (isTaken(attribute, revisionField)) {
        diagnostics.push(reserved(attribute, revisionField, 'every collection with a dynamic zone'));
      }
    }
  }
  return diagnostics;
}
