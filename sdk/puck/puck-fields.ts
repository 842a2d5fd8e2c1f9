import type { Field, Fields } from '@puckeditor/core';
import type { JsonObject } from '@runtime-component-catalog/contracts';
import { createElement } from 'react';
import type { ExternalItem, ExternalSource } from '../external-source.js';

/**
 * Puck field types that a JSON file can describe (custom and slot need code; `external` needs the
 * source its `source` names, from the adapter's `externalSources`).
 */
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
  /** The package whose puck.json has the field. */
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
  sources: Readonly<Record<string, ExternalSource>> = {},
): Fields {
  const properties = puckJson?.properties;
  if (!isObject(properties)) return {};
  return convert({ packageId, report, unsupported, sources }, properties, '');
}

interface Conversion {
  readonly packageId: string;
  readonly report: (issue: FieldIssue) => void;
  readonly unsupported: UnsupportedFieldRenderer;
  readonly sources: Readonly<Record<string, ExternalSource>>;
}

/** Puck's external field on a source: the list searches it; the prop holds the picked item's value. */
function externalField(definition: Record<string, unknown>, source: ExternalSource): Field {
  const { source: _name, ...rest } = definition;
  return {
    ...rest,
    type: 'external',
    // A library changes while the editor is open: every search asks the source (Puck caches by default).
    cache: { enabled: false },
    showSearch: true,
    // A source that cannot be reached (offline) lists nothing: the picked value stays, no page error.
    fetchList: async ({ query }: { query: string }) => [...(await source(query ?? '').catch(() => []))],
    mapRow: (item: ExternalItem) => ({
      label: item.label,
      ...(item.preview ? { preview: createElement('img', { src: item.preview, alt: '', width: 64, height: 40 }) } : {}),
    }),
    mapProp: (item: ExternalItem) => item.value,
    getItemSummary: (value: unknown) =>
      isObject(value) && typeof value.url === 'string' ? value.url : JSON.stringify(value),
  } as unknown as Field;
}

function convert(conversion: Conversion, properties: Record<string, unknown>, prefix: string): Fields {
  const { packageId, report, unsupported, sources } = conversion;
  const fields: Fields = {};
  for (const [name, definition] of Object.entries(properties)) {
    const path = `${prefix}${name}`;
    const type = isObject(definition) ? definition.type : undefined;
    if (isObject(definition) && type === 'external') {
      const source = typeof definition.source === 'string' ? sources[definition.source] : undefined;
      if (source !== undefined) {
        fields[name] = externalField(definition, source);
        continue;
      }
    }
    if (!isObject(definition) || !(JSON_FIELD_TYPES as readonly unknown[]).includes(type)) {
      const named =
        isObject(definition) && type === 'external'
          ? ` (source ${JSON.stringify(definition.source ?? null)} not given to the editor)`
          : '';
      const issue: FieldIssue = {
        packageId,
        path,
        type,
        message: `Unsupported field type ${JSON.stringify(type ?? null)} at ${path} in puck.json of ${packageId}${named}`,
      };
      report(issue);
      fields[name] = unsupported(issue);
      continue;
    }
    const field: Record<string, unknown> = { ...definition };
    if (type === 'array' && isObject(definition.arrayFields)) {
      field.arrayFields = convert(conversion, definition.arrayFields, `${path}[].`);
      // A JSON file cannot give Puck's getItemSummary: items are named by their first text.
      field.getItemSummary = summaryOfItem;
    }
    if (type === 'object' && isObject(definition.objectFields)) {
      field.objectFields = convert(conversion, definition.objectFields, `${path}.`);
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
