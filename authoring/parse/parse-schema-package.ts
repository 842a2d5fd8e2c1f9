import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Attribute } from '../model/attribute.js';
import type { CanonicalModel, CollectionModel, ComponentModel } from '../model/canonical-model.js';
import type { SchemaPackageFiles } from '../source/schema-package-files.js';
import type { SourceFile } from '../source/source-file.js';
import { parseField } from './parse-field.js';
import { type UnreadableIds, unreadableIds } from './unreadable-ids.js';

const componentIdPattern = /^([a-z][a-z0-9-]*)\.([a-z][a-z0-9-]*)$/;
const collectionIdPattern = /^[a-z][a-z0-9-]*$/;

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function parseFields(file: SourceFile, fields: unknown, diagnostics: Diagnostic[]): Attribute[] {
  const attributes: Attribute[] = [];
  for (const [name, value] of Object.entries(record(fields) ?? {})) {
    const parsed = parseField(file, ['fields', name], name, value);
    for (const diagnostic of parsed.diagnostics) diagnostics.push(diagnostic);
    if (parsed.attribute) attributes.push(parsed.attribute);
  }
  return attributes;
}

function parseComponent(file: SourceFile, diagnostics: Diagnostic[]): ComponentModel | undefined {
  const data = record(file.data);
  const match = componentIdPattern.exec(String(data?.id));
  if (!data || !match) return undefined; // layer 1 reports the shape and the id pattern
  // Both groups are required by the pattern: they match whenever it does.
  const [id, category = '', name = ''] = match;
  return {
    id,
    category,
    name,
    title: optionalString(data.title),
    description: optionalString(data.description),
    attributes: parseFields(file, data.fields, diagnostics),
    file,
  };
}

function parseCollection(file: SourceFile, diagnostics: Diagnostic[]): CollectionModel | undefined {
  const data = record(file.data);
  if (!data || typeof data.id !== 'string' || !collectionIdPattern.test(data.id)) return undefined;
  return {
    id: data.id,
    kind: data.mode === 'single' ? 'singleType' : 'collectionType',
    title: optionalString(data.title),
    description: optionalString(data.description),
    // Decision (docs/authoring-strapi-output.md): draft & publish is on unless `"draft": false`.
    draftAndPublish: data.draft !== false,
    i18n: data.i18n === true,
    attributes: parseFields(file, data.fields, diagnostics),
    file,
  };
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Parse step of the pipeline: source files → canonical model. What cannot be understood is left
 * out of the model and reported (shape problems are layer 1's to report; this reports the field
 * grammar). Components and collections are sorted by id (then path, for duplicates). `unreadable`:
 * the ids files left out may stand for, which reference rules do not report as unknown.
 */
export function parseSchemaPackage(files: SchemaPackageFiles): {
  model: CanonicalModel;
  diagnostics: Diagnostic[];
  unreadable: UnreadableIds;
} {
  const diagnostics: Diagnostic[] = [];
  const components: ComponentModel[] = [];
  const collections: CollectionModel[] = [];
  const unreadableComponents: SourceFile[] = [];
  const unreadableCollections: SourceFile[] = [];
  for (const file of files.components) {
    const component = parseComponent(file, diagnostics);
    if (component) components.push(component);
    else unreadableComponents.push(file);
  }
  for (const file of files.collections) {
    const collection = parseCollection(file, diagnostics);
    if (collection) collections.push(collection);
    else unreadableCollections.push(file);
  }
  const version = optionalString(record(files.version?.data)?.version) ?? '0.0.0';
  return {
    model: { version, components: components.sort(byId), collections: collections.sort(byId) },
    diagnostics,
    unreadable: unreadableIds(unreadableComponents, unreadableCollections),
  };
}
