import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { collectionNames } from '../../model/strapi-names.js';
import { reservedModelName } from '../../model/strapi-reserved-names.js';
import { stockContentTypes, stockOwnerOf } from '../../model/strapi-stock.js';
import { isKebabCase, kebabCase } from '../../model/strapi-strings.js';
import { type ModelIndex, placeOf } from './model-rule.js';

/** `"date-time" is Strapi's reserved "date_time"` for a reserved model name, or undefined. */
function reservedReason(name: string): string | undefined {
  const reserved = reservedModelName(name);
  if (reserved === undefined) return undefined;
  return reserved.endsWith('*')
    ? `"${name}" starts with "${reserved.slice(0, -1)}", which Strapi reserves`
    : `"${name}" is Strapi's reserved model name "${reserved}"`;
}

/**
 * Model names as Strapi 5.54 checks them. A collection's singular and plural names are kebab-case
 * as Strapi's isKebabCase has it (no trailing or doubled `-`), not reserved once snake_cased, not
 * the same word (compared after lodash's kebabCase, as the loader does: `step2` is `step-2`), and
 * neither is a name of another content type, ours or Strapi's own (the loader's unicity check and
 * the Content-Type Builder's; a plural is also compared with Strapi's tables). A component name is
 * not reserved. Reported at the id, naming what it collides with.
 */
export function modelNames(index: ModelIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  // kebabCase ≡ snakeCase for comparing: both are lodash's words of the name, lowercased and joined.
  // Each claimant is a function: a place is looked up only for a message (locating builds a syntax tree).
  const names = new Map<string, (() => string)[]>();
  const claim = (name: string, what: () => string) => {
    const list = names.get(kebabCase(name));
    if (list) list.push(what);
    else names.set(kebabCase(name), [what]);
  };
  for (const stock of stockContentTypes) {
    const owner = `${stock.uid} (${stockOwnerOf(stock.uid)})`;
    claim(stock.singularName, () => `the singular name of ${owner}`);
    claim(stock.pluralName, () => `the plural name of ${owner}`);
  }
  const stockTableNames = new Map(stockContentTypes.map((stock) => [kebabCase(stock.collectionName), stock.uid]));
  for (const collection of index.model.collections) {
    const { singularName, pluralName } = collectionNames(collection);
    const report = (
      code: 'model-name-invalid' | 'model-name-reserved' | 'collection-plural-same' | 'model-name-conflict',
      message: string,
    ) => diagnostics.push(collection.file.diagnostic(['id'], code, message));
    const notKebab = [...new Set([singularName, pluralName])].filter((name) => !isKebabCase(name));
    if (notKebab.length > 0) {
      const list = notKebab.map((name) => `"${name}"`).join(' and ');
      report(
        'model-name-invalid',
        `${list} must be kebab-case as Strapi requires: no leading, trailing or doubled "-"`,
      );
    }
    const reserved = [...new Set([singularName, pluralName])].map(reservedReason).find((reason) => reason);
    if (reserved) report('model-name-reserved', reserved);
    const samePlural = kebabCase(singularName) === kebabCase(pluralName);
    if (samePlural) {
      report(
        'collection-plural-same',
        `the plural of "${singularName}" is "${pluralName}", the same name to Strapi; it needs two names (e.g. "${singularName}-item")`,
      );
    }
    const place = () => placeOf(collection.file, ['id']);
    const roles = samePlural
      ? ([['singular', singularName]] as const)
      : ([
          ['singular', singularName],
          ['plural', pluralName],
        ] as const);
    const clashes: string[] = [];
    for (const [role, name] of roles) {
      const taken = names.get(kebabCase(name));
      if (taken) clashes.push(`its ${role} name "${name}" is also ${taken.map((what) => what()).join(' and ')}`);
      const table = role === 'plural' && !taken ? stockTableNames.get(kebabCase(name)) : undefined;
      if (table) clashes.push(`its plural name "${name}" is the table of ${table} (${stockOwnerOf(table)})`);
    }
    if (clashes.length > 0) report('model-name-conflict', `collection ${collection.id}: ${clashes.join('; ')}`);
    for (const [role, name] of roles)
      claim(name, () => `the ${role} name of collection ${collection.id} at ${place()}`);
  }
  for (const component of index.model.components) {
    const reserved = reservedReason(component.name);
    if (reserved) diagnostics.push(component.file.diagnostic(['id'], 'model-name-reserved', reserved));
  }
  return diagnostics;
}
