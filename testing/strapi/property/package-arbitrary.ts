import fc from 'fast-check';
import type { CollectionSpec, ComponentSpec, ExpectedAttribute, FieldSpec, PackageSpec } from './package-spec.js';
import { targetUid } from './package-spec.js';

// Random schema packages: components in categories, collections and single types, fields of every
// supported kind (scalars, enums, media, components, dynamic zones, one-way relations, two-way
// relation pairs), with names drawn often from pools of the collisions Strapi cares about (column
// names through lodash snakeCase, singular/plural through kebabCase, enum values through slugify,
// the stock plugins' tables and routes, duplicate ids).

const edgeFieldNames = [
  'line1',
  'line_1',
  'ABTest',
  'ab_test',
  'abTest',
  'id_',
  'step2',
  'step_2',
  'my_field',
  'myField',
];
const edgeCollectionIds = [
  'step2',
  'step-2',
  'file',
  'user',
  'role',
  'permission',
  'locale',
  'release',
  'workflow',
  'a--b',
  'item-',
  'person',
  'series',
  'upload',
  'status',
];
const edgeCategories = ['hero', 'shared', 'x-y', 'a--b', 'hero-'];
const edgeComponentNames = ['banner2', 'banner-2', 'banner', 'card', 'item-', 'file', 'user'];
const enumValues = [
  'light',
  'dark',
  '@1x',
  '2x',
  'R&D',
  'R and D',
  'r_and_d',
  'a b',
  'A',
  'a',
  '_x',
  'x-y',
  'x_y',
  'ümlaut',
];
const scalarTypes = [
  'string',
  'text',
  'blocks',
  'richtext',
  'email',
  'password',
  'date',
  'time',
  'datetime',
  'timestamp',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'json',
] as const;
const pluginTargets = ['plugin::users-permissions.user', 'plugin::upload.file', 'admin::user'];
type RelationKind = 'oneToOne' | 'oneToMany' | 'manyToOne' | 'manyToMany';
const inverseKind: Record<RelationKind, RelationKind> = {
  oneToOne: 'oneToOne',
  oneToMany: 'manyToOne',
  manyToOne: 'oneToMany',
  manyToMany: 'manyToMany',
};

/**
 * A name from the pool one time in five, else a random one: often enough that collisions occur,
 * rarely enough that most packages still validate and reach Strapi.
 */
function pooled(pool: readonly string[], random: RegExp): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...pool) },
    { weight: 4, arbitrary: fc.stringMatching(random) },
  );
}

const fieldName = pooled(edgeFieldNames, /^[a-z][a-zA-Z0-9]{0,7}$/);
const collectionId = pooled(edgeCollectionIds, /^[a-z][a-z0-9]{1,6}(-[a-z0-9]{1,3})?$/);
const componentId = fc
  .tuple(pooled(edgeCategories, /^[a-z][a-z0-9]{1,5}$/), pooled(edgeComponentNames, /^[a-z][a-z0-9-]{0,6}$/))
  .map(([category, name]) => `${category}.${name}`);
const required = fc.constantFrom(false, false, false, true);

type FieldKind = Omit<FieldSpec, 'name'>;

const withRequired = (expected: ExpectedAttribute, isRequired: boolean): ExpectedAttribute =>
  isRequired ? { ...expected, required: true } : expected;
const bang = (isRequired: boolean) => (isRequired ? '!' : '');

const scalarField: fc.Arbitrary<FieldKind> = fc
  .tuple(fc.constantFrom(...scalarTypes), required)
  .map(([type, isRequired]) => ({
    source: `${type}${bang(isRequired)}`,
    expected: withRequired({ type }, isRequired),
  }));

const enumField: fc.Arbitrary<FieldKind> = fc
  .tuple(fc.uniqueArray(fc.constantFrom(...enumValues), { minLength: 1, maxLength: 3 }), required)
  .map(([values, isRequired]) => ({
    source: values.every((value) => /^[A-Za-z_][A-Za-z0-9_-]*$/.test(value))
      ? `enum(${values.join(',')})${bang(isRequired)}`
      : { type: 'enumeration', enum: values, ...(isRequired ? { required: true } : {}) },
    expected: withRequired({ type: 'enumeration', enum: values }, isRequired),
  }));

const mediaField: fc.Arbitrary<FieldKind> = fc
  .tuple(fc.constantFrom('media', 'media(images)[]'), required)
  .map(([shorthand, isRequired]) => ({
    source: `${shorthand}${bang(isRequired)}`,
    expected: withRequired({ type: 'media' }, isRequired),
  }));

function componentField(ids: readonly string[]): fc.Arbitrary<FieldKind> {
  return fc.tuple(fc.constantFrom(...ids), fc.boolean(), required).map(([id, repeatable, isRequired]) => ({
    source: `component(${id})${repeatable ? '[]' : ''}${bang(isRequired)}`,
    expected: withRequired({ type: 'component', component: id, repeatable }, isRequired),
  }));
}

function dynamicZoneField(ids: readonly string[]): fc.Arbitrary<FieldKind> {
  const unique = [...new Set(ids)];
  return fc.subarray(unique, { minLength: 1, maxLength: Math.min(2, unique.length) }).map((components) => ({
    source: `dynamicZone(${components.join(',')})`,
    expected: { type: 'dynamiczone', components },
  }));
}

function oneWayRelation(kinds: readonly RelationKind[], targets: readonly string[]): fc.Arbitrary<FieldKind> {
  return fc
    .tuple(fc.constantFrom(...kinds), fc.constantFrom(...targets), fc.constantFrom(false, false, false, false, true))
    .map(([kind, target, isRequired]) => ({
      source: `relation(${kind},${target})${bang(isRequired)}`,
      expected: withRequired({ type: 'relation', relation: kind, target: targetUid(target) }, isRequired),
    }));
}

/** Where a field sits: its kind of owner decides the relation types Strapi allows. */
type Owner = 'component' | 'collection' | 'single';

/**
 * The fields an owner may have, given the ids it may reference: components (a component only
 * those after it, so that nesting never cycles) and collection types (single types are no
 * relation targets).
 */
function fieldOf(owner: Owner, components: readonly string[], targets: readonly string[]): fc.Arbitrary<FieldSpec> {
  const kinds: fc.Arbitrary<FieldKind>[] = [scalarField, enumField, mediaField];
  if (components.length > 0) kinds.push(componentField(components));
  if (owner !== 'component' && components.length > 0) kinds.push(dynamicZoneField(components));
  const relationKinds: RelationKind[] =
    owner === 'collection' ? ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany'] : ['oneToOne', 'oneToMany'];
  kinds.push(oneWayRelation(relationKinds, [...targets, ...pluginTargets]));
  return fc.tuple(fieldName, fc.oneof(...kinds)).map(([name, kind]) => ({ name, ...kind }));
}

/** A two-way relation between two collections of the package (indexes), named on both sides. */
interface RelationPair {
  readonly from: number;
  readonly to: number;
  readonly kind: RelationKind;
  readonly fromName: string;
  readonly toName: string;
  /** `proper`: the owning side inversedBy, the other mappedBy; `both-inversed`: a wrong pair. */
  readonly sides: 'proper' | 'both-inversed';
}

function relationPair(collections: readonly number[]): fc.Arbitrary<RelationPair> {
  return fc.record({
    from: fc.constantFrom(...collections),
    to: fc.constantFrom(...collections),
    kind: fc.constantFrom<RelationKind>('oneToOne', 'oneToMany', 'manyToOne', 'manyToMany'),
    fromName: fieldName,
    toName: fieldName,
    sides: fc.oneof(
      { weight: 9, arbitrary: fc.constant('proper' as const) },
      { weight: 1, arbitrary: fc.constant('both-inversed' as const) },
    ),
  });
}

/** The two fields of a pair: [field of `from`, field of `to`]. */
function pairFields(pair: RelationPair, fromId: string, toId: string): [FieldSpec, FieldSpec] {
  const back = inverseKind[pair.kind];
  // The owning side takes inversedBy: manyToOne's side, else the side that declares the pair.
  const fromOwns = pair.kind !== 'oneToMany';
  const option = (owns: boolean) => (owns || pair.sides === 'both-inversed' ? 'inversedBy' : 'mappedBy');
  const side = (name: string, kind: RelationKind, target: string, owns: boolean, other: string): FieldSpec => ({
    name,
    source: `relation(${kind},${target},${option(owns)}=${other})`,
    expected: { type: 'relation', relation: kind, target: targetUid(target), [option(owns)]: other },
  });
  return [
    side(pair.fromName, pair.kind, toId, fromOwns, pair.toName),
    side(pair.toName, back, fromId, !fromOwns, pair.fromName),
  ];
}

/** Adds a field unless the owner already has one of that name (a JSON object keeps one). */
function addField(fields: FieldSpec[], field: FieldSpec): void {
  if (!fields.some((existing) => existing.name === field.name)) fields.push(field);
}

/** A path below src/source/ for a file, never one taken by an earlier file (duplicate ids). */
function freePath(taken: Set<string>, folder: string, name: string): string {
  let path = `${folder}/${name}.json`;
  for (let n = 2; taken.has(path); n += 1) path = `${folder}/copy${n}/${name}.json`;
  taken.add(path);
  return path;
}

interface CollectionHead {
  readonly id: string;
  readonly mode: 'collection' | 'single';
  readonly draft: boolean;
  readonly i18n: boolean;
  /** Whether the collection gets its title and slug (`uid(title)!`) fields. */
  readonly slug: boolean;
}

const collectionHead: fc.Arbitrary<CollectionHead> = fc.record({
  id: collectionId,
  mode: fc.constantFrom<CollectionHead['mode']>('collection', 'collection', 'collection', 'single'),
  draft: fc.boolean(),
  i18n: fc.boolean(),
  slug: fc.constantFrom(true, true, true, true, true, true, true, true, true, true, true, false),
});

/**
 * A random schema package: 0-3 components, 1-3 collections, up to 3 fields each, up to 2
 * two-way relation pairs between collection types (written first, so a random field of the same
 * name is the one dropped), generated in JavaScript or TypeScript.
 */
export const packageArbitrary: fc.Arbitrary<PackageSpec> = fc
  .record({
    components: fc.array(componentId, { maxLength: 3 }),
    collections: fc.array(collectionHead, { minLength: 1, maxLength: 3 }),
    // TypeScript one time in four: its boot compiles first, a few seconds more.
    language: fc.constantFrom<PackageSpec['language']>('js', 'js', 'js', 'ts'),
  })
  .chain(({ components, collections, language }) => {
    const collectionIds = collections.map((collection) => collection.id);
    const pairable = collections.flatMap((collection, index) => (collection.mode === 'collection' ? [index] : []));
    const targets = pairable.map((index) => collectionIds[index]!);
    return fc
      .record({
        componentFields: fc.tuple(
          ...components.map((_, index) =>
            fc.array(fieldOf('component', components.slice(index + 1), targets), { maxLength: 3 }),
          ),
        ),
        collectionFields: fc.tuple(
          ...collections.map((collection) => fc.array(fieldOf(collection.mode, components, targets), { maxLength: 3 })),
        ),
        pairs: pairable.length > 0 ? fc.array(relationPair(pairable), { maxLength: 2 }) : fc.constant([]),
      })
      .map(({ componentFields, collectionFields, pairs }): PackageSpec => {
        const taken = new Set<string>();
        const componentSpecs: ComponentSpec[] = components.map((id, index) => {
          const [category, name] = id.split('.') as [string, string];
          const fields: FieldSpec[] = [
            { name: 'cmp_variant', source: 'string!', expected: { type: 'string', required: true } },
          ];
          for (const field of componentFields[index] ?? []) addField(fields, field);
          return { id, file: freePath(taken, `components/${category}`, name), fields };
        });
        const collectionFieldLists = collections.map((head): FieldSpec[] =>
          head.slug
            ? [
                { name: 'title', source: 'string!', expected: { type: 'string', required: true } },
                { name: 'slug', source: 'uid(title)!', expected: { type: 'uid', required: true } },
              ]
            : [],
        );
        for (const pair of pairs) {
          const [fromField, toField] = pairFields(pair, collectionIds[pair.from]!, collectionIds[pair.to]!);
          addField(collectionFieldLists[pair.from]!, fromField);
          addField(collectionFieldLists[pair.to]!, toField);
        }
        collections.forEach((_, index) => {
          for (const field of collectionFields[index] ?? []) addField(collectionFieldLists[index]!, field);
        });
        const collectionSpecs: CollectionSpec[] = collections.map((head, index) => ({
          id: head.id,
          file: freePath(taken, 'collections', head.id),
          mode: head.mode,
          draft: head.draft,
          i18n: head.i18n,
          fields: collectionFieldLists[index]!,
        }));
        return { language, components: componentSpecs, collections: collectionSpecs };
      });
  });
