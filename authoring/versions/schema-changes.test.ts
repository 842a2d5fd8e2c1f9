import { describe, expect, it } from 'vitest';
import { maxSchemaNodes, schemaChanges } from './schema-changes.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  required,
  properties,
});
const lines = (before: unknown, after: unknown) =>
  schemaChanges(before, after).map((found) => `${found.path}: ${found.detail} (${found.bump})`);

describe('schemaChanges', () => {
  it('classifies additions, removals, renames, retypes, requirements, enums and bounds', () => {
    const before = object(
      {
        title: { type: 'string', maxLength: 80 },
        old: { type: 'number' },
        theme: { enum: ['light', 'dark'] },
        size: { type: 'integer' },
      },
      ['title'],
    );
    const after = object(
      {
        title: { type: 'string', maxLength: 40 },
        renamed: { type: 'number' },
        theme: { enum: ['light', 'dark', 'auto'] },
        size: { type: 'string' },
        extra: { type: 'string' },
        must: { type: 'string' },
      },
      ['title', 'must', 'size'],
    );
    expect(lines(before, after)).toEqual([
      'old: renamed to renamed (major)',
      'extra: added, optional (minor)',
      'must: added, required (major)',
      'title: maxLength 80 -> 40 (major)',
      'theme: enum gained "auto" (minor)',
      'size: now required (major)',
      'size: integer -> string (major)',
    ]);
  });

  it('follows local $refs, and a recursive schema ends', () => {
    const tree = (leaf: string) => ({
      $ref: '#/definitions/node',
      definitions: {
        node: object({ label: { type: leaf }, children: { type: 'array', items: { $ref: '#/definitions/node' } } }),
      },
    });
    expect(lines(tree('string'), tree('string'))).toEqual([]);
    expect(lines(tree('string'), tree('number'))).toEqual(['label: string -> number (major)']);
    const loop = {
      $ref: '#/definitions/a',
      definitions: { a: { $ref: '#/definitions/b' }, b: { $ref: '#/definitions/a' } },
    };
    expect(lines(loop, loop)).toEqual([]);
  });

  it('gives a defined answer for any input: not an object, huge, deep', () => {
    expect(lines('x', 42)).toEqual(['(root): "x" -> 42 (major)']);
    expect(lines(null, null)).toEqual([]);
    const wide = (n: number) =>
      object(Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string' }])));
    expect(lines(wide(maxSchemaNodes + 10), wide(maxSchemaNodes + 10))).toEqual([
      `(root): too large to compare: more than ${maxSchemaNodes} schema nodes (major)`,
    ]);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 500; i += 1) deep = object({ x: deep });
    expect(lines(deep, deep)).toEqual([]);
  });
});

/** The schema the rule rows edit. */
interface Schema {
  type: string;
  required: string[];
  properties: Record<
    string,
    { type?: string; maxLength?: number; minimum?: number; maximum?: number; enum?: unknown[]; [key: string]: unknown }
  >;
}

describe('schemaChanges: one rule a row (docs/authoring-versions.md "The publish gate")', () => {
  const base = (): Schema =>
    object(
      {
        title: { type: 'string', maxLength: 80, description: 'The title' },
        theme: { enum: ['light', 'dark'] },
        size: { type: 'integer', minimum: 0, maximum: 10 },
      },
      ['title'],
    ) as Schema;
  /** The bumps of the changes `edit` makes to the base schema, as `path: detail (bump)`. */
  const after = (edit: (schema: Schema) => unknown) => {
    const schema = base();
    edit(schema);
    return lines(base(), schema);
  };
  it.each([
    [
      'an optional prop added: minor',
      (s: Schema) => (s.properties.kicker = { type: 'string' }),
      ['kicker: added, optional (minor)'],
    ],
    [
      'an enum widened: minor',
      (s: Schema) => s.properties.theme!.enum!.push('auto'),
      ['theme: enum gained "auto" (minor)'],
    ],
    ['a prop removed: major', (s: Schema) => delete s.properties.size, ['size: removed (major)']],
    [
      'a prop renamed: major',
      (s: Schema) => {
        s.properties.heading = s.properties.title!;
        delete s.properties.title;
        s.required = ['heading'];
      },
      ['title: renamed to heading (major)'],
    ],
    ['a prop retyped: major', (s: Schema) => (s.properties.size!.type = 'string'), ['size: integer -> string (major)']],
    [
      'a new required prop: major',
      (s: Schema) => {
        s.properties.align = { type: 'string' };
        s.required.push('align');
      },
      ['align: added, required (major)'],
    ],
    ['an enum narrowed: major', (s: Schema) => s.properties.theme!.enum!.pop(), ['theme: enum lost "dark" (major)']],
    [
      'maxLength tightened: major',
      (s: Schema) => (s.properties.title!.maxLength = 40),
      ['title: maxLength 80 -> 40 (major)'],
    ],
    ['minimum raised: major', (s: Schema) => (s.properties.size!.minimum = 1), ['size: minimum 0 -> 1 (major)']],
    ['maximum lowered: major', (s: Schema) => (s.properties.size!.maximum = 9), ['size: maximum 10 -> 9 (major)']],
    [
      'maxLength raised: minor',
      (s: Schema) => (s.properties.title!.maxLength = 120),
      ['title: maxLength 80 -> 120 (minor)'],
    ],
    [
      'a default changed: patch',
      (s: Schema) => (s.properties.theme!.default = 'dark'),
      ['theme: default undefined -> "dark" (patch)'],
    ],
    ['a description changed: no change', (s: Schema) => (s.properties.title!.description = 'Heading'), []],
  ])('%s', (_name, edit, expected) => {
    expect(after(edit)).toEqual(expected);
  });
});

describe('schemaChanges on hostile schemas', () => {
  it('true and false: true is {}, false differs from both', () => {
    expect(lines(true, {})).toEqual([]);
    expect(lines(true, false)).toEqual(['(root): {} -> false (major)']);
    expect(lines(object({ a: true }), object({ a: { type: 'string' } }))).toEqual(['a: any -> string (major)']);
  });

  it('a $ref to a missing definition is compared as written', () => {
    const ref = (to: string) => object({ a: { $ref: `#/definitions/${to}` } });
    expect(lines(ref('missing'), ref('missing'))).toEqual([]);
    expect(lines(ref('one'), ref('two'))).toEqual(['a: $ref "#/definitions/one" -> "#/definitions/two" (major)']);
  });

  it('nesting 100,000 levels deep: equal is no change, a change deep down is one change where the walk stops', () => {
    const deep = (leaf: string) => {
      let node: Record<string, unknown> = { type: leaf };
      for (let i = 0; i < 100_000; i += 1) node = object({ x: node });
      return node;
    };
    expect(lines(deep('string'), deep('string'))).toEqual([]);
    expect(lines(deep('string'), deep('number'))).toEqual([
      `${Array.from({ length: 65 }, () => 'x').join('.')}: (too deep to show) -> (too deep to show) (major)`,
    ]);
  });

  it('huge enums and many renamed props are compared in linear time', () => {
    const values = Array.from({ length: 200_000 }, (_, i) => i);
    expect(lines({ enum: values }, { enum: values.slice(20) })).toEqual([
      '(root): enum lost 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 and 10 more (major)',
    ]);
    const props = (prefix: string) =>
      object(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`${prefix}${i}`, { maxLength: i }])));
    const found = lines(props('a'), props('b'));
    expect(found).toHaveLength(5_000);
    expect(found[4_999]).toBe('a4999: renamed to b4999 (major)');
  }, 5_000);

  it('additionalProperties closed, opened and retyped; arrays by their items', () => {
    const open = object({});
    expect(lines(open, { ...open, additionalProperties: false })).toEqual([
      '(root): additionalProperties closed (major)',
    ]);
    expect(lines({ ...open, additionalProperties: false }, open)).toEqual([
      '(root): additionalProperties opened (minor)',
    ]);
    expect(
      lines(
        { ...open, additionalProperties: { type: 'string' } },
        { ...open, additionalProperties: { type: 'number' } },
      ),
    ).toEqual(['"*": string -> number (major)']);
    const list = (items: unknown, extra: Record<string, unknown> = {}) =>
      object({ l: { type: 'array', items, ...extra } });
    expect(lines(list({ type: 'string' }), list({ type: 'number' }))).toEqual(['l[]: string -> number (major)']);
    expect(lines(list({ type: 'string' }), list({ type: 'string' }, { maxItems: 3 }))).toEqual([
      'l: maxItems 3 added (major)',
    ]);
    expect(lines(list([{ type: 'string' }]), list([{ type: 'number' }]))).toEqual(['l: items changed (major)']);
  });
});
