import { describe, expect, it } from 'vitest';
import { runMigrationChain } from './migration-chain.js';

describe('runMigrationChain', () => {
  it('runs each step from the saved major up to the target, in order', () => {
    const migrations = {
      1: (props: Record<string, unknown>) => ({ ...props, steps: [...(props.steps as number[]), 1] }),
      2: (props: Record<string, unknown>) => ({ ...props, steps: [...(props.steps as number[]), 2] }),
      3: () => ({ never: true }),
    };
    expect(runMigrationChain(migrations, 1, 3, { steps: [] })).toEqual({ ok: true, props: { steps: [1, 2] } });
    expect(runMigrationChain(migrations, 2, 2, { steps: [] })).toEqual({ ok: true, props: { steps: [] } });
  });

  it('gives props that share nothing with a constant a step returns', () => {
    const constant = { items: ['a'] };
    const result = runMigrationChain({ 0: () => constant }, 0, 1, {});
    expect(result.ok && result.props).toEqual(constant);
    expect(result.ok && result.props).not.toBe(constant);
    if (result.ok) (result.props.items as string[]).push('b');
    expect(constant.items).toEqual(['a']);
  });

  it.each([
    ['no export', undefined],
    ['an export that is not an object', 'migrations'],
    ['a step that is not a function', { 1: { to: 2 } }],
    ['an inherited step', Object.create({ 1: () => ({}) })],
    [
      'a getter that throws',
      Object.defineProperty({}, '1', {
        get: () => {
          throw new Error('no');
        },
        enumerable: true,
      }),
    ],
  ])('is migration-missing at the first step it lacks: %s', (_, migrations) => {
    expect(runMigrationChain(migrations, 1, 3, {})).toEqual({
      ok: false,
      code: 'migration-missing',
      step: 1,
      message: 'no migration from major 1 to 2',
    });
  });

  it.each([
    [
      'throws an Error',
      () => {
        throw new Error('cannot move title');
      },
      'threw: cannot move title',
    ],
    [
      'throws a value without text',
      () => {
        throw Object.create(null);
      },
      'threw: a value that has no text',
    ],
    ['returns null', () => null, 'did not return an object'],
    ['returns an array', () => [], 'did not return an object'],
    ['returns a string', () => 'props', 'did not return an object'],
    [
      'returns a function among the props',
      () => ({ onClick: () => {} }),
      'returned props that cannot be saved (not cloneable)',
    ],
  ])('is migration-failed, naming the step, when a step %s', (_, step, what) => {
    const migrations = { 1: (props: Record<string, unknown>) => props, 2: step };
    expect(runMigrationChain(migrations, 1, 3, { a: 1 })).toMatchObject({
      ok: false,
      code: 'migration-failed',
      step: 2,
      message: `the migration from major 2 ${what}`,
    });
  });

  it("accepts a step that changes and returns the object it was given, leaving the caller's props as they were", () => {
    const saved = { title: 'Hi' };
    const migrations = {
      0: (props: Record<string, unknown>) => {
        props.heading = props.title;
        delete props.title;
        return props;
      },
    };
    expect(runMigrationChain(migrations, 0, 1, saved)).toEqual({ ok: true, props: { heading: 'Hi' } });
    expect(saved).toEqual({ title: 'Hi' });
  });
});

describe('runMigrationChain on saved props it cannot copy', () => {
  it('is migration-failed at the saved major, not a RangeError', () => {
    let deep: unknown = 0;
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expect(runMigrationChain({ 1: (props: Record<string, unknown>) => props }, 1, 2, { deep })).toMatchObject({
      ok: false,
      code: 'migration-failed',
      step: 1,
      message: 'the migration from major 1 was given saved props that cannot be copied',
    });
  });
});
