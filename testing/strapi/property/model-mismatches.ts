import { isDeepStrictEqual } from 'node:util';
import type { BootSuccess, LoadedModel } from '../boot-report.js';
import type { FieldSpec, PackageSpec } from './package-spec.js';
import { targetUid } from './package-spec.js';

interface ExpectedModel {
  readonly uid: string;
  readonly kind: string;
  readonly fields: readonly FieldSpec[];
}

function compareModels(expected: readonly ExpectedModel[], loaded: readonly LoadedModel[]): string[] {
  const problems: string[] = [];
  const expectedUids = expected.map((model) => model.uid).sort();
  const loadedUids = loaded.map((model) => model.uid);
  if (!isDeepStrictEqual(expectedUids, loadedUids)) {
    problems.push(`Strapi loaded ${JSON.stringify(loadedUids)}, the sources declare ${JSON.stringify(expectedUids)}`);
  }
  for (const model of expected) {
    const held = loaded.find((candidate) => candidate.uid === model.uid);
    if (!held) continue;
    if (held.kind !== model.kind) problems.push(`${model.uid}: kind ${held.kind}, expected ${model.kind}`);
    const names = model.fields.map((field) => field.name);
    if (!isDeepStrictEqual(held.declared, names)) {
      problems.push(`${model.uid}: attributes ${JSON.stringify(held.declared)}, expected ${JSON.stringify(names)}`);
    }
    for (const field of model.fields) {
      const attribute = held.attributes.find((candidate) => candidate.name === field.name);
      if (!attribute) continue;
      const { name: _name, ...shape } = attribute;
      if (!isDeepStrictEqual(shape, field.expected)) {
        problems.push(
          `${model.uid}.${field.name}: ${JSON.stringify(shape)}, expected ${JSON.stringify(field.expected)}`,
        );
      }
    }
  }
  return problems;
}

// What generate adds for pages (docs/strapi-pages.md): `revision` last in a collection with a
// dynamic zone, `cmp_instance` last in every component such a zone lists.
const revision: FieldSpec = { name: 'revision', source: undefined, expected: { type: 'integer' } };
const instance: FieldSpec = { name: 'cmp_instance', source: undefined, expected: { type: 'json' } };

/**
 * What Strapi loaded against the generator's model: the same content types and components, each
 * with exactly the declared fields in order (and the page attributes generate adds), each
 * attribute of the expected type, relation, target, side, component(s), repeatability, enum
 * values and required flag.
 */
export function modelMismatches(spec: PackageSpec, report: BootSuccess): string[] {
  const listed = new Set(
    spec.collections.flatMap((collection) => collection.fields.flatMap((field) => field.expected.components ?? [])),
  );
  const contentTypes = spec.collections.map((collection) => ({
    uid: targetUid(collection.id),
    kind: collection.mode === 'single' ? 'singleType' : 'collectionType',
    fields: collection.fields.some((field) => field.expected.type === 'dynamiczone')
      ? [...collection.fields, revision]
      : collection.fields,
  }));
  const components = spec.components.map((component) => ({
    uid: component.id,
    kind: 'component',
    fields: listed.has(component.id) ? [...component.fields, instance] : component.fields,
  }));
  return [...compareModels(contentTypes, report.contentTypes), ...compareModels(components, report.components)];
}
