import type { Attribute, AttributeSpec } from './attribute.js';

/**
 * The knex column builder call Strapi 5.54 makes for an attribute stored in a column of its own
 * table (@strapi/database schema/schema.js getColumnType): `table[method](name, ...args)`. Media,
 * relations, components and dynamic zones live in link and morph tables, and a custom field's
 * column is its plugin's registered type, unknown here: none of these has a column we can name.
 */
export interface StrapiColumnType {
  readonly method: string;
  readonly args: readonly unknown[];
}

const precise = { useTz: false, precision: 6 };

const columnTypes: Readonly<Partial<Record<Attribute['type'], StrapiColumnType>>> = {
  string: { method: 'string', args: [] },
  email: { method: 'string', args: [] },
  password: { method: 'string', args: [] },
  enumeration: { method: 'string', args: [] },
  uid: { method: 'string', args: [] },
  text: { method: 'text', args: ['longtext'] },
  richtext: { method: 'text', args: ['longtext'] },
  blocks: { method: 'jsonb', args: [] },
  json: { method: 'jsonb', args: [] },
  integer: { method: 'integer', args: [] },
  biginteger: { method: 'bigInteger', args: [] },
  float: { method: 'double', args: [] },
  decimal: { method: 'decimal', args: [10, 2] },
  date: { method: 'date', args: [] },
  time: { method: 'time', args: [{ precision: 3 }] },
  datetime: { method: 'datetime', args: [precise] },
  timestamp: { method: 'timestamp', args: [precise] },
  boolean: { method: 'boolean', args: [] },
};

/** The column Strapi gives an attribute of this type, or undefined when its values are not in a column. */
export function strapiColumnType(spec: Pick<AttributeSpec, 'type'>): StrapiColumnType | undefined {
  return columnTypes[spec.type];
}

/** Whether two attributes' values can be copied column to column as they are (the same column type). */
export function sameColumnType(a: Pick<AttributeSpec, 'type'>, b: Pick<AttributeSpec, 'type'>): boolean {
  const left = strapiColumnType(a);
  const right = strapiColumnType(b);
  return left !== undefined && right !== undefined && JSON.stringify(left) === JSON.stringify(right);
}
