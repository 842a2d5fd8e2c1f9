import type { CompiledAttribute } from '../../model/compiled-schema.js';
import { orderedKeys } from '../json-text.js';

/** Options whose values Strapi keeps as strings for big integers (Strapi 5.54's sources). */
const bigintegerStringKeys = ['min', 'max', 'default'] as const;

/**
 * One attribute in Strapi's schema.json vocabulary: `type` first, then its keys sorted; UI keys
 * never appear here (they go to the admin sidecar). In an i18n collection every attribute but a
 * relation says whether it is localized (default true), so nothing depends on Strapi's default.
 */
export function strapiAttribute(attribute: CompiledAttribute, i18n: boolean): Record<string, unknown> {
  const result: Record<string, unknown> = { type: attribute.type };
  switch (attribute.type) {
    case 'uid':
      if (attribute.targetField !== undefined) result.targetField = attribute.targetField;
      break;
    case 'enumeration':
      result.enum = [...attribute.enum];
      break;
    case 'media':
      result.multiple = attribute.multiple;
      result.allowedTypes = [...attribute.allowedTypes];
      break;
    case 'relation':
      result.relation = attribute.relation;
      result.target = attribute.target;
      if (attribute.inversedBy !== undefined) result.inversedBy = attribute.inversedBy;
      if (attribute.mappedBy !== undefined) result.mappedBy = attribute.mappedBy;
      break;
    case 'component':
      result.component = attribute.component;
      result.repeatable = attribute.repeatable;
      break;
    case 'dynamiczone':
      result.components = [...attribute.components];
      break;
    case 'customField':
      result.customField = attribute.customField;
      if (attribute.customOptions !== undefined) result.options = attribute.customOptions;
      break;
  }
  if (attribute.required) result.required = true;
  const { localized, ...options } = attribute.options;
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    result[key] =
      attribute.type === 'biginteger' && (bigintegerStringKeys as readonly string[]).includes(key)
        ? String(value)
        : value;
  }
  if (i18n && attribute.type !== 'relation') {
    result.pluginOptions = { i18n: { localized: localized ?? true } };
  }
  return orderedKeys(result, ['type']);
}
