import type { Attribute } from '../model/attribute.js';

/** The object form's `type` values (spec 4.4) and the Strapi type each becomes. */
export const objectFormTypes: Readonly<Record<string, Attribute['type']>> = {
  string: 'string',
  text: 'text',
  blocks: 'blocks',
  richtext: 'richtext',
  email: 'email',
  password: 'password',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
  timestamp: 'timestamp',
  integer: 'integer',
  biginteger: 'biginteger',
  float: 'float',
  decimal: 'decimal',
  boolean: 'boolean',
  json: 'json',
  uid: 'uid',
  enumeration: 'enumeration',
  media: 'media',
  relation: 'relation',
  component: 'component',
  dynamicZone: 'dynamiczone',
  customField: 'customField',
};

const text = ['unique', 'default', 'private', 'configurable', 'localized', 'minLength', 'maxLength', 'regex'];
const number = ['unique', 'default', 'private', 'configurable', 'localized', 'min', 'max'];
const plain = ['default', 'private', 'configurable', 'localized'];
const dated = ['unique', 'default', 'private', 'configurable', 'localized'];

/**
 * The common and validation keys each Strapi type accepts (the Content-Type Builder's per-type
 * option shapes, `controllers/validation/types.ts`), plus its own type-specific keys.
 */
export const allowedKeysByType: Readonly<Record<Attribute['type'], readonly string[]>> = {
  string: text,
  text,
  email: ['unique', 'default', 'private', 'configurable', 'localized', 'minLength', 'maxLength'],
  password: ['default', 'private', 'configurable', 'minLength', 'maxLength'],
  richtext: ['default', 'private', 'configurable', 'localized', 'minLength', 'maxLength'],
  blocks: ['private', 'configurable', 'localized'],
  integer: number,
  biginteger: number,
  float: number,
  decimal: number,
  date: dated,
  time: dated,
  datetime: dated,
  timestamp: dated,
  boolean: plain,
  json: ['private', 'configurable', 'localized'],
  uid: ['default', 'private', 'configurable', 'minLength', 'maxLength', 'regex', 'targetField'],
  enumeration: ['default', 'private', 'configurable', 'localized', 'enum'],
  media: ['private', 'configurable', 'localized', 'multiple', 'allowedTypes'],
  relation: ['private', 'configurable', 'relation', 'target', 'inversedBy', 'mappedBy'],
  component: ['private', 'configurable', 'localized', 'min', 'max', 'component', 'repeatable'],
  dynamiczone: ['private', 'configurable', 'localized', 'min', 'max', 'components'],
  customField: [...text, 'min', 'max', 'customField', 'options'],
};

/** Keys every type takes: `type`, `required`, the deprecation keys and the UI keys. */
export const keysOfEveryType = [
  'type',
  'required',
  'deprecated',
  'renamedTo',
  'label',
  'placeholder',
  'help',
  'hidden',
  'readonly',
  'widget',
  'group',
  'width',
];

/** Type-specific keys that must be present for a type. */
export const requiredKeysByType: Partial<Record<Attribute['type'], readonly string[]>> = {
  enumeration: ['enum'],
  relation: ['relation', 'target'],
  component: ['component'],
  dynamiczone: ['components'],
  customField: ['customField'],
};

/** Every key of the object form, whatever the type (field.schema.json lists the same). */
export const knownFieldKeys: ReadonlySet<string> = new Set([
  ...keysOfEveryType,
  ...Object.values(allowedKeysByType).flat(),
]);
