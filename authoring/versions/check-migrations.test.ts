import { describe, expect, it } from 'vitest';
import { AuthoringError } from '../authoring-error.js';
import { checkMigrations, type MigrationCheck } from './check-migrations.js';
import type { VariantMigrations } from './migration-chain.js';

// The migration checks on hostile schemas: each ends with a defined answer, a refusal with its
// code or a bounded generation, in bounded time (the slowest, a 100,000-value enum and a schema
// 100,000 levels deep, about 1 s each on 2 cores) and never a stack overflow.

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});
const identity: VariantMigrations = { 0: (props) => props };

/** checkMigrations of @acme/ui-x from 0.1.0 (`old`, data.json `data`) to 1.0.0 (`schema`). */
function check(old: unknown, schema: unknown, migrations: VariantMigrations | undefined, data: unknown = null) {
  const input: MigrationCheck = {
    package: '@acme/ui-x',
    version: '1.0.0',
    schema,
    migrations,
    earlier: [{ version: '0.1.0', schema: old, data, attributes: undefined }],
  };
  return checkMigrations(input);
}

/** The code and the first line of the refusal `run` throws. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AuthoringError);
    return `${(error as AuthoringError).code}: ${(error as Error).message.split('\n')[0]}`;
  }
  throw new Error('expected a refusal');
}

/** An object schema nested `depth` times under `x`. */
function nested(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < depth; i += 1) node = { type: 'object', required: ['x'], properties: { x: node } };
  return node;
}

const loop = {
  $ref: '#/definitions/a',
  definitions: { a: { $ref: '#/definitions/b' }, b: { $ref: '#/definitions/a' } },
};
const notCompiled =
  'migration-failed: @acme/ui-x@1.0.0: its props schema does not compile, so no migration result can be checked';

describe('checkMigrations on hostile schemas', { timeout: 5_000 }, () => {
  it('a new schema that is not an object, a $ref loop or a missing $ref: migration-failed, it does not compile', () => {
    expect(refusal(() => check(object({}), 'x', identity))).toBe(notCompiled);
    expect(refusal(() => check(loop, loop, undefined))).toBe(notCompiled);
    expect(refusal(() => check(object({}), { $ref: '#/definitions/missing' }, identity))).toBe(notCompiled);
  });

  it('a new schema false rejects every result, data.json first', () => {
    expect(refusal(() => check(object({}), false, identity, {}))).toBe(
      'migration-failed: @acme/ui-x: the chain from 0.1.0 (major 0) to 1.0.0 failed on its data.json: the result is rejected by the 1.0.0 schema: (root) boolean schema is false',
    );
  });

  it('true to true needs no migration and tries 200 generated props', () => {
    expect(check(true, true, undefined)).toEqual([{ from: '0.1.0', generated: 200 }]);
  });

  it('an old schema nothing can satisfy (a $ref loop, an impossible pattern) passes with 0 generated props', () => {
    expect(check(loop, object({}), identity)).toEqual([{ from: '0.1.0', generated: 0 }]);
    const impossible = object({ a: { type: 'string', pattern: '^a$', minLength: 5 } }, ['a']);
    expect(check(impossible, object({}), identity)).toEqual([{ from: '0.1.0', generated: 0 }]);
  });

  it('very deep nesting: the same schema needs no migration; past ajv or the generator, a defined answer', () => {
    expect(refusal(() => check(nested(100_000), nested(100_000), undefined))).toBe(notCompiled);
    // Generation stops 12 levels down: no value reaches the end of a required chain of 200.
    expect(check(nested(200), nested(200), undefined)).toEqual([{ from: '0.1.0', generated: 0 }]);
    expect(check(nested(5), nested(5), undefined)).toEqual([{ from: '0.1.0', generated: 200 }]);
  });

  it('a huge enum that loses one value needs a migration, naming the value', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    const old = object({ c: { enum: values } }, ['c']);
    const narrowed = object({ c: { enum: values.slice(1) } }, ['c']);
    expect(refusal(() => check(old, narrowed, undefined))).toBe(
      'migration-missing: @acme/ui-x@1.0.0: no migration from major 0 (export migrations["0"] from src/migrations.ts) covers the breaking changes since major 0:',
    );
    const remap: VariantMigrations = { 0: (props) => (props.c === 'v0' ? { ...props, c: 'v1' } : props) };
    expect(check(old, narrowed, remap, { c: 'v0' })).toEqual([{ from: '0.1.0', generated: 200 }]);
  });

  it('additionalProperties closed: a migration that adds a key fails, with the smallest input', () => {
    const closed = { ...object({ a: { type: 'string' } }), additionalProperties: false };
    expect(() => check(object({ a: { type: 'string' } }), closed, { 0: (props) => ({ ...props, extra: 1 }) })).toThrow(
      /failed on props generated from its schema \(shrunk\): the result is rejected by the 1\.0\.0 schema: \(root\) must NOT have additional properties\n {2}result: \{"extra":1\}\n {2}input: \{\}$/,
    );
  });

  it('arrays: a tightened maxItems fails on the shrunk input of three items', () => {
    const items = (max?: number) =>
      object({ items: { type: 'array', items: { type: 'string' }, ...(max === undefined ? {} : { maxItems: max }) } });
    expect(() => check(items(), items(2), identity)).toThrow(
      /\/items must NOT have more than 2 items\n {2}result: \{"items":\["","",""\]\}/,
    );
  });

  it('a step that throws a non-Error or returns no object is migration-failed naming the step', () => {
    const throws: VariantMigrations = {
      0: () => {
        throw 'nope';
      },
    };
    expect(refusal(() => check(object({}), object({}), throws))).toBe(
      'migration-failed: @acme/ui-x: the chain from 0.1.0 (major 0) to 1.0.0 failed on props generated from its schema (shrunk): the migration from major 0 threw: nope',
    );
    const none = { 0: () => null } as unknown as VariantMigrations;
    expect(refusal(() => check(object({}), object({}), none))).toMatch(
      /the migration from major 0 did not return an object$/,
    );
  });
});
