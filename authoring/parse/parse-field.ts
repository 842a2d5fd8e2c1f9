import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { withArticle } from '../diagnostics/with-article.js';
import {
  type Attribute,
  type AttributeOptions,
  type AttributeSpec,
  type MediaType,
  mediaTypes,
  optionKeys,
  type RelationType,
  relationTypes,
  type UiOptions,
  uiKeys,
} from '../model/attribute.js';
import type { JsonPath, SourceFile } from '../source/source-file.js';
import {
  allowedKeysByType,
  keysOfEveryType,
  knownFieldKeys,
  objectFormTypes,
  requiredKeysByType,
} from './field-type-keys.js';
import { parseFieldShorthand } from './parse-field-shorthand.js';
import { relationTargetProblem } from './relation-target-problem.js';

/** A parsed field: the attribute when it could be understood, and what was wrong with it. */
export interface ParsedField {
  readonly attribute: Attribute | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses one entry of `fields` (spec 4.4): a shorthand string or the object form. `path` is the
 * path of the value in `file` (`["fields", name]`).
 */
export function parseField(file: SourceFile, path: JsonPath, name: string, value: unknown): ParsedField {
  if (typeof value === 'string') {
    const result = parseFieldShorthand(value);
    if (!result.ok) {
      return { attribute: undefined, diagnostics: [file.diagnostic(path, result.error.code, result.error.message)] };
    }
    const attribute = {
      ...result.value.spec,
      name,
      required: result.value.required,
      options: {},
      ui: {},
      source: { file, path, form: 'shorthand' },
    } as Attribute;
    return { attribute, diagnostics: [] };
  }
  if (isRecord(value)) return parseObjectField(file, path, name, value);
  // Anything else is a layer 1 (source schema) failure, reported there.
  return { attribute: undefined, diagnostics: [] };
}

function unknownObjectType(type: unknown): string {
  const names = Object.keys(objectFormTypes);
  const suggestion =
    typeof type === 'string' ? names.find((name) => name.toLowerCase() === type.toLowerCase()) : undefined;
  return suggestion
    ? `unknown field type ${JSON.stringify(type)} (did you mean "${suggestion}"?)`
    : `unknown field type ${JSON.stringify(type)} (one of: ${names.join(', ')})`;
}

function parseObjectField(file: SourceFile, path: JsonPath, name: string, value: Record<string, unknown>): ParsedField {
  const diagnostics: Diagnostic[] = [];
  const type = typeof value.type === 'string' ? objectFormTypes[value.type] : undefined;
  if (!type) {
    const message = 'type' in value ? unknownObjectType(value.type) : 'the object form needs a "type"';
    diagnostics.push(file.diagnostic('type' in value ? [...path, 'type'] : path, 'field-type-invalid', message));
    return { attribute: undefined, diagnostics };
  }
  const allowed = new Set([...keysOfEveryType, ...allowedKeysByType[type]]);
  for (const key of Object.keys(value)) {
    // Keys no type knows are layer 1's to report (field.schema.json), not reported twice.
    if (!allowed.has(key) && knownFieldKeys.has(key)) {
      diagnostics.push(
        file.diagnostic(
          [...path, key],
          'field-option-not-allowed',
          `"${key}" is not an option of ${value.type} fields`,
          'key',
        ),
      );
    }
  }
  for (const key of requiredKeysByType[type] ?? []) {
    if (!(key in value)) {
      diagnostics.push(
        file.diagnostic(path, 'field-option-missing', `${withArticle(String(value.type))} field needs "${key}"`),
      );
    }
  }
  if ('renamedTo' in value && value.deprecated !== true) {
    const message = '"renamedTo" belongs to a deprecated field ("deprecated": true)';
    diagnostics.push(file.diagnostic([...path, 'renamedTo'], 'field-option-not-allowed', message, 'key'));
  }
  if (diagnostics.length > 0) return { attribute: undefined, diagnostics };
  const spec = objectSpec(file, path, type, value, diagnostics);
  if (!spec) return { attribute: undefined, diagnostics };
  const options: Record<string, unknown> = {};
  for (const key of optionKeys) if (key in value) options[key] = value[key];
  const ui: Record<string, unknown> = {};
  for (const key of uiKeys) if (key in value) ui[key] = value[key];
  const attribute = {
    ...spec,
    name,
    required: value.required === true,
    options: options as AttributeOptions,
    ui: ui as UiOptions,
    source: { file, path, form: 'object' },
    ...(value.deprecated === true
      ? { deprecated: typeof value.renamedTo === 'string' ? { renamedTo: value.renamedTo } : {} }
      : {}),
  } as Attribute;
  return { attribute, diagnostics };
}

function objectSpec(
  file: SourceFile,
  path: JsonPath,
  type: Attribute['type'],
  value: Record<string, unknown>,
  diagnostics: Diagnostic[],
): AttributeSpec | undefined {
  const strings = (key: string) => (Array.isArray(value[key]) ? (value[key] as unknown[]).map(String) : []);
  switch (type) {
    case 'uid':
      return typeof value.targetField === 'string' ? { type, targetField: value.targetField } : { type };
    case 'enumeration':
      return { type, enum: strings('enum') };
    case 'media': {
      const allowedTypes = 'allowedTypes' in value ? strings('allowedTypes') : [...mediaTypes];
      const wrong = allowedTypes.findIndex((kind) => !(mediaTypes as readonly string[]).includes(kind));
      if (wrong >= 0) {
        diagnostics.push(
          file.diagnostic(
            [...path, 'allowedTypes', wrong],
            'media-type-invalid',
            `unknown media type "${allowedTypes[wrong]}" (allowed: ${mediaTypes.join(', ')})`,
          ),
        );
        return undefined;
      }
      return { type, multiple: value.multiple === true, allowedTypes: allowedTypes as MediaType[] };
    }
    case 'relation':
      return relationSpec(file, path, value, diagnostics);
    case 'component':
      return { type, component: String(value.component), repeatable: value.repeatable === true };
    case 'dynamiczone':
      return { type, components: strings('components') };
    case 'customField':
      return {
        type,
        customField: String(value.customField),
        ...(isRecord(value.options) ? { customOptions: value.options } : {}),
      };
    default:
      return { type };
  }
}

function relationSpec(
  file: SourceFile,
  path: JsonPath,
  value: Record<string, unknown>,
  diagnostics: Diagnostic[],
): AttributeSpec | undefined {
  const relation = String(value.relation);
  const target = String(value.target);
  if (!(relationTypes as readonly string[]).includes(relation)) {
    diagnostics.push(
      file.diagnostic(
        [...path, 'relation'],
        'relation-type-invalid',
        `unknown relation type "${relation}" (${relationTypes.join(', ')})`,
      ),
    );
  }
  const targetProblem = relationTargetProblem(target);
  if (targetProblem) diagnostics.push(file.diagnostic([...path, 'target'], 'relation-target-invalid', targetProblem));
  if ('inversedBy' in value && 'mappedBy' in value) {
    diagnostics.push(
      file.diagnostic(
        [...path, 'mappedBy'],
        'relation-option-invalid',
        'a relation takes inversedBy or mappedBy, not both',
        'key',
      ),
    );
  }
  if (diagnostics.length > 0) return undefined;
  return {
    type: 'relation',
    relation: relation as RelationType,
    target,
    ...(typeof value.inversedBy === 'string' ? { inversedBy: value.inversedBy } : {}),
    ...(typeof value.mappedBy === 'string' ? { mappedBy: value.mappedBy } : {}),
  };
}
