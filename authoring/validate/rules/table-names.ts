import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { collectionNames, componentNames } from '../../model/strapi-names.js';
import { stockOwnerOf, stockTables } from '../../model/strapi-stock.js';
import { type ModelTable, modelTables } from '../../model/strapi-tables.js';
import { type AttributeOwner, fieldPlace, type ModelIndex, ownerLabel, owners, placeOf } from './model-rule.js';

/** What holds a table, for messages: `table of collection page`, `link table of component a.b field "x"`. */
function tableLabel(owner: AttributeOwner, table: ModelTable): string {
  if (table.kind === 'model') return `table of ${ownerLabel(owner)}`;
  if (table.kind === 'components') return `component link table of ${ownerLabel(owner)}`;
  return `link table of ${ownerLabel(owner)} field "${table.attribute?.name}"`;
}

/**
 * Every database table Strapi 5.54 would create for the package is one of a kind: the tables of
 * components and collections, their `_cmps` tables and the link tables of relations (named with
 * lodash's snakeCase and shortened as Strapi does, model/strapi-tables.ts), and none of them is a
 * table Strapi or a stock plugin already has (`files`, `up_users`…). Strapi stops at "DB table
 * already exists", or, for two link tables, silently shares one (saving then fails "FOREIGN KEY
 * constraint failed"). Reported at the later id or relation field, naming the first. Two
 * collections' own tables are the same exactly when their plural names are: model-names reports it.
 */
export function tableNames(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  // `what` is a function: a place is looked up only for a message (locating builds a file's syntax tree).
  const claimed = new Map<string, { readonly what: () => string; readonly collectionTable: boolean }>();
  for (const [table, uid] of stockTables) {
    claimed.set(table, { what: () => `Strapi's table of ${uid} (${stockOwnerOf(uid)})`, collectionTable: false });
  }
  for (const owner of owners(index.model)) {
    const { collectionName } = owner.kind === 'component' ? componentNames(owner.model) : collectionNames(owner.model);
    for (const table of modelTables(collectionName, owner.model.attributes)) {
      const label = tableLabel(owner, table);
      const collectionTable = owner.kind === 'collection' && table.kind === 'model';
      const earlier = claimed.get(table.name);
      if (!earlier) {
        const { attribute } = table;
        const place = () => (attribute ? fieldPlace(attribute) : placeOf(owner.model.file, ['id']));
        claimed.set(table.name, { what: () => `the ${label} at ${place()}`, collectionTable });
        continue;
      }
      if (collectionTable && earlier.collectionTable) continue;
      const message = `"${table.name}", the ${label}, is also ${earlier.what()}`;
      diagnostics.push(
        table.attribute
          ? table.attribute.source.file.diagnostic(table.attribute.source.path, 'table-name-conflict', message, 'key')
          : owner.model.file.diagnostic(['id'], 'table-name-conflict', message),
      );
    }
  }
  return diagnostics;
}
