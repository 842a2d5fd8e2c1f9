import { snakeCase } from './strapi-strings.js';

/*
 * Strapi 5.54's reserved names (@strapi/utils content-types.ts), compared as Strapi compares them:
 * lodash's snakeCase of the name against each entry; an entry ending in `*` is a prefix. Entries
 * that snakeCase can never produce (`__component`, `_strapi*`) are kept as Strapi lists them.
 */

const reservedAttributeNames = [
  'id',
  'document_id',
  'created_at',
  'updated_at',
  'published_at',
  'created_by_id',
  'updated_by_id',
  'created_by',
  'updated_by',
  'entry_id',
  'localizations',
  'meta',
  'locale',
  '__component',
  '__contentType',
  'strapi*',
  '_strapi*',
  '__strapi*',
  // Reserved only with draft & publish on; the Content-Type Builder checks with it on, always.
  'status',
];

const reservedModelNames = [
  'boolean',
  'date',
  'date_time',
  'time',
  'upload',
  'document',
  'then',
  'strapi*',
  '_strapi*',
  '__strapi*',
];

/** A reserved list split as Strapi's matchesReservedName reads it: exact names, and prefixes (`strapi*`). */
function matcher(list: readonly string[]): (snake: string) => string | undefined {
  const exact = new Set(list.filter((entry) => !entry.endsWith('*')));
  const prefixes = list.filter((entry) => entry.endsWith('*'));
  return (snake) => (exact.has(snake) ? snake : prefixes.find((prefix) => snake.startsWith(prefix.slice(0, -1))));
}

const matchAttribute = matcher(reservedAttributeNames);
const matchModel = matcher(reservedModelNames);

/**
 * The reserved entry an attribute name matches once snake_cased (`id_` → `id`), or undefined;
 * `snake` is the name's snakeCase when the caller has it.
 */
export function reservedAttributeName(name: string, snake = snakeCase(name)): string | undefined {
  return matchAttribute(snake);
}

/** The reserved entry a model name matches once snake_cased (`date-time` → `date_time`), or undefined. */
export function reservedModelName(name: string): string | undefined {
  return matchModel(snakeCase(name));
}
