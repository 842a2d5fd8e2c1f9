import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaArbitrary } from './schema-arbitrary.js';

// Hostile schemas: each gives a finite arbitrary, built and sampled in bounded time, never a
// stack overflow. The time-out is the bound: the slowest test, a million-value enum, takes about
// 0.3 s on 2 cores.

/** 200 values of the schema's arbitrary, with a fixed seed. */
const sample = (schema: unknown) => fc.sample(schemaArbitrary(schema), { numRuns: 200, seed: 7 });
/** The share of the values the schema's own validator accepts. */
function accepted(schema: object): number {
  const validate = new Ajv({ strict: false }).compile(schema);
  return sample(schema).filter((value) => validate(value)).length / 200;
}

/** An object schema nested `depth` times under `x`. */
function nested(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < depth; i += 1) node = { type: 'object', required: ['x'], properties: { x: node } };
  return node;
}

describe('schemaArbitrary on hostile schemas', { timeout: 5_000 }, () => {
  it('a schema that is not an object, or false, gives null; true gives any JSON', () => {
    for (const schema of ['x', 42, null, [], false]) expect(new Set(sample(schema))).toEqual(new Set([null]));
    expect(new Set(sample(true).map((value) => typeof value)).size).toBeGreaterThan(2);
  });

  it('a $ref loop and a $ref to a missing definition end in null', () => {
    const loop = {
      $ref: '#/definitions/a',
      definitions: { a: { $ref: '#/definitions/b' }, b: { $ref: '#/definitions/a' } },
    };
    expect(new Set(sample(loop))).toEqual(new Set([null]));
    expect(new Set(sample({ $ref: '#/definitions/missing' }))).toEqual(new Set([null]));
    expect(new Set(sample({ $ref: 'https://example.com/other.json' }))).toEqual(new Set([null]));
  });

  it('a recursive $ref stops at the depth bound and keeps its required keys, so values stay valid', () => {
    const tree = {
      $ref: '#/definitions/node',
      definitions: {
        node: {
          type: 'object',
          required: ['label'],
          properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/definitions/node' } } },
        },
      },
    };
    expect(accepted(tree)).toBe(1);
  });

  it('very deep nesting is cut, never a stack overflow', () => {
    for (const depth of [20, 100_000]) {
      const values = sample(nested(depth));
      let level = values[0];
      let seen = 0;
      while (typeof level === 'object' && level !== null) {
        level = (level as { x?: unknown }).x;
        seen += 1;
      }
      expect(seen).toBeLessThanOrEqual(13);
    }
  });

  it('a huge enum gives its own values', () => {
    const values = Array.from({ length: 1_000_000 }, (_, i) => `v${i}`);
    const found = sample({ enum: values });
    expect(found.every((value) => typeof value === 'string' && /^v\d+$/.test(value))).toBe(true);
    expect(new Set(found).size).toBeGreaterThan(100);
    expect(sample({ enum: [] })).toContain(null);
  });

  it('a pattern fast-check cannot read or satisfy gives strings the validator then rejects, in bounded time', () => {
    // A lookbehind stringMatching does not support: plain strings instead.
    expect(sample({ type: 'string', pattern: '(?<=a)b' }).every((value) => typeof value === 'string')).toBe(true);
    // Satisfiable by the pattern, never with the length: nothing accepted.
    expect(accepted({ type: 'string', pattern: '^a$', minLength: 5 })).toBe(0);
    // Not a JavaScript expression at all.
    expect(sample({ type: 'string', pattern: '(' }).every((value) => typeof value === 'string')).toBe(true);
  });

  it('bounds no value meets and absurd sizes give values, not a throw', () => {
    expect(accepted({ type: 'integer', minimum: 10, maximum: 5 })).toBe(0);
    expect(accepted({ type: 'number', minimum: 1.5, maximum: 1.2 })).toBe(0);
    expect(accepted({ type: 'integer', minimum: 1.2, maximum: 1.7 })).toBe(0);
    const strings = sample({ type: 'string', minLength: 1e9 }) as string[];
    expect(Math.max(...strings.map((value) => value.length))).toBeLessThanOrEqual(1_024);
    const arrays = sample({ type: 'array', minItems: 1e9, maxItems: 2 }) as unknown[][];
    expect(Math.max(...arrays.map((value) => value.length))).toBeLessThanOrEqual(54);
  });

  it('additionalProperties and arrays: declared properties, items of their schema', () => {
    expect(accepted({ type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } })).toBe(1);
    expect(
      accepted({ type: 'object', additionalProperties: { type: 'number' }, properties: { a: { const: 1 } } }),
    ).toBe(1);
    expect(accepted({ type: 'array', items: { enum: ['x', 'y'] }, minItems: 1, maxItems: 3 })).toBe(1);
    // Tuple `items` (an array of schemas) is not generated item by item: values are null lists.
    expect(sample({ type: 'array', items: [{ type: 'string' }] }).every(Array.isArray)).toBe(true);
  });

  it('a very wide schema is bounded in properties generated', () => {
    const properties = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const values = sample({ type: 'object', properties }) as Record<string, unknown>[];
    expect(Math.max(...values.map((value) => Object.keys(value).length))).toBeLessThanOrEqual(500);
  });
});
