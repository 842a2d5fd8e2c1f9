import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { collectionNames, componentNames } from '../../model/strapi-names.js';
import type { ModelIndex } from './model-rule.js';
import { reservedModelNames } from './reserved-names.js';

/**
 * Model names: not reserved; a collection's plural differs from its singular (the CTB refuses
 * it); no two models share a singular/plural name or a database table.
 */
export function modelNames(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const names = new Map<string, string>();
  const tables = new Map<string, string>();
  const claim = (map: Map<string, string>, name: string, owner: string): string | undefined => {
    const earlier = map.get(name);
    if (earlier !== undefined && earlier !== owner) return earlier;
    map.set(name, owner);
    return undefined;
  };
  for (const collection of index.collections.values()) {
    const strapi = collectionNames(collection);
    const label = `collection ${collection.id}`;
    if (reservedModelNames.has(strapi.singularName) || reservedModelNames.has(strapi.pluralName)) {
      diagnostics.push(
        collection.file.diagnostic(['id'], 'model-name-reserved', `"${collection.id}" is a name Strapi reserves`),
      );
    }
    if (strapi.pluralName === strapi.singularName) {
      diagnostics.push(
        collection.file.diagnostic(
          ['id'],
          'collection-plural-same',
          `the plural of "${collection.id}" is the same word; Strapi needs two names (e.g. "${collection.id}-item")`,
        ),
      );
    }
    const clashes = [...new Set([strapi.singularName, strapi.pluralName])].flatMap((name) => {
      const earlier = claim(names, name, label);
      return earlier ? [`"${name}" is also a name of ${earlier}`] : [];
    });
    if (clashes.length > 0)
      diagnostics.push(collection.file.diagnostic(['id'], 'model-name-conflict', clashes.join('; ')));
    // A plural-name clash is also a table clash: reported once.
    const table = claim(tables, strapi.collectionName, label);
    if (table && clashes.length === 0) {
      diagnostics.push(
        collection.file.diagnostic(
          ['id'],
          'model-name-conflict',
          `table ${strapi.collectionName} is also used by ${table}`,
        ),
      );
    }
  }
  for (const component of index.components.values()) {
    if (reservedModelNames.has(component.name)) {
      diagnostics.push(
        component.file.diagnostic(['id'], 'model-name-reserved', `"${component.name}" is a name Strapi reserves`),
      );
    }
    const { collectionName } = componentNames(component);
    const table = claim(tables, collectionName, `component ${component.id}`);
    if (table) {
      diagnostics.push(
        component.file.diagnostic(['id'], 'model-name-conflict', `table ${collectionName} is also used by ${table}`),
      );
    }
  }
  return diagnostics;
}
