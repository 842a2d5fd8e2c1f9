import type { Attribute, AttributeOf } from './attribute.js';
import { identifier, identifierFromTokens } from './strapi-identifiers.js';
import { snakeCase } from './strapi-strings.js';

/*
 * The database names Strapi 5.54 gives a model of ours (@strapi/database metadata and relations,
 * @strapi/core transform-content-types-to-models): its table, the `_cmps` table of its component
 * and dynamic zone fields, one link table per owning side of a relation, a column per field.
 */

/** A table Strapi creates for a component or collection. */
export interface ModelTable {
  readonly name: string;
  /** `model`: its own; `components`: its component/dynamic zone links; `link`: a relation's. */
  readonly kind: 'model' | 'components' | 'link';
  /** The relation a link table belongs to. */
  readonly attribute?: Attribute;
}

/** The table of a model with this collectionName (shortened past 55 characters). */
export function tableName(collectionName: string): string {
  return identifier([collectionName]);
}

/** `<collectionName>_cmps`: where a model's component and dynamic zone entries are linked. */
export function componentsTableName(collectionName: string): string {
  return identifierFromTokens([
    { name: collectionName, compressible: true },
    { name: 'components', shortName: 'cmps', compressible: false },
  ]);
}

/** `<table>_<field>_lnk`, both parts snake_cased by lodash (Strapi's getJoinTableName). */
export function linkTableName(table: string, attributeName: string): string {
  return identifier([snakeCase(table), snakeCase(attributeName)], 'links');
}

/** The column of a field (Strapi's getColumnName of its snake_cased name). */
export function columnName(attributeName: string): string {
  return identifier([snakeCase(attributeName)]);
}

/**
 * Whether Strapi gives a relation a link table: its owning side does (relations.ts). manyToOne
 * always owns; a `mappedBy` side never does; a two-way oneToMany is the mappedBy side.
 */
export function hasLinkTable(relation: AttributeOf<'relation'>): boolean {
  if (relation.relation === 'manyToOne') return true;
  if (relation.mappedBy !== undefined) return false;
  return !(relation.relation === 'oneToMany' && relation.inversedBy !== undefined);
}

/** Every table Strapi creates for a model with this collectionName and these fields. */
export function modelTables(collectionName: string, attributes: readonly Attribute[]): ModelTable[] {
  const table = tableName(collectionName);
  const tables: ModelTable[] = [{ name: table, kind: 'model' }];
  if (attributes.some((attribute) => attribute.type === 'component' || attribute.type === 'dynamiczone')) {
    tables.push({ name: componentsTableName(collectionName), kind: 'components' });
  }
  for (const attribute of attributes) {
    if (attribute.type === 'relation' && hasLinkTable(attribute)) {
      tables.push({ name: linkTableName(table, attribute.name), kind: 'link', attribute });
    }
  }
  return tables;
}
