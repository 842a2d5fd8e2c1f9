import type { Field, Fields } from '@puckeditor/core';
import type { JsonObject } from '@runtime-component-catalog/contracts';

/** Puck field types that a JSON file can describe (external, custom and slot need code). */
export const JSON_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'select',
  'radio',
  'array',
  'object',
  'richtext',
] as const;

/** A puck.json field the adapter cannot hand to Puck, with where it is. */
export interface FieldIssue {
  readonly packageId: string;
  /** Prop path of the field (`items[].icon`). */
  readonly path: string;
  /** The field's `type` as puck.json gives it (`undefined` when it has none). */
  readonly type: unknown;
  /** `Unsupported field type "color" at items[].icon in puck.json of features1`. */
  readonly message: string;
}

/** What a field Puck cannot show turns into: a read-only notice that names it. */
export type UnsupportedFieldRenderer = (issue: FieldIssue) => Field;

/**
 * Puck `fields` from a puck.json (docs/design.md "puck.json and the editor"): every property whose
 * type Puck understands passes unchanged (arrayFields and objectFields converted the same way);
 * any other is reported through `report` and shown as the notice `unsupported` renders, never
 * dropped silently.
 */
export function puckFieldsOf(
  packageId: string,
  puckJson: JsonObject | null,
  report: (issue: FieldIssue) => void,
  unsupported: UnsupportedFieldRenderer,
): Fields {
  const properties = puckJson?.properties;
  if (!isObject(properties)) return {};
  return convert(packageId, properties, '', report, unsupported);
}

function convert(
  packageId: string,
  properties: Record<string, unknown>,
  prefix: string,
  report: (issue: FieldIssue) => void,
  unsupported: UnsupportedFieldRenderer,
): Fields {
  const fields: Fields = {};
  for (const [name, definition] of Object.entries(properties)) {
    const path = `${prefix}${name}`;
    const type = isObject(definition) ? definition.type : undefined;
    if (!isObject(definition) || !(JSON_FIELD_TYPES as readonly unknown[]).includes(type)) {
      const issue: FieldIssue = {
        packageId,
        path,
        type,
        message: `Unsupported field type ${JSON.stringify(type ?? null)} at ${path} in puck.json of ${packageId}`,
      };
      report(issue);
      fields[name] = unsupported(issue);
      continue;
    }
    const field: Record<string, unknown> = { ...definition };
    if (type === 'array' && isObject(definition.arrayFields)) {
      field.arrayFields = convert(packageId, definition.arrayFields, `${path}[].`, report, unsupported);
      // A JSON file cannot give Puck's getItemSummary: items are named by their first text.
      field.getItemSummary = summaryOfItem;
    }
    if (type === 'object' && isObject(definition.objectFields)) {
      field.objectFields = convert(packageId, definition.objectFields, `${path}.`, report, unsupported);
    }
    fields[name] = field as unknown as Field;
  }
  return fields;
}

/** An array item's label in Puck's list: its first non-empty text prop, else `Item <n>`. */
export function summaryOfItem(item: unknown, index = 0): string {
  const text = isObject(item)
    ? Object.values(item).find((value) => typeof value === 'string' && value !== '')
    : undefined;
  return typeof text === 'string' ? text : `Item ${index + 1}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
