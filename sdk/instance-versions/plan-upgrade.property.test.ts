import { type MigrationStep, sameValue } from '@runtime-component-catalog/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planUpgrade } from './plan-upgrade.js';
import type { PropChange } from './prop-changes.js';

// Properties of an upgrade plan, over JSON props (keys include Object.prototype names) and chains
// of steps that edit the object they are given in place, as a careless migration would.

const key = fc.oneof(fc.constantFrom('title', 'heading', 'size', 'toString', '__proto__', 'constructor'), fc.string());
// Values often repeat, so that renames are ambiguous often enough to be tried.
const value = fc.oneof(fc.constantFrom(0, 'x', [1]), fc.jsonValue({ maxDepth: 3 }));
const props = fc.dictionary(key, value, { maxKeys: 8 }).map((value) => ({ ...value }));

type Edit =
  | { op: 'delete'; key: string }
  | { op: 'set'; key: string; value: unknown }
  | { op: 'rename'; from: string; to: string };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), key }),
  fc.record({ op: fc.constant('set' as const), key, value }),
  fc.record({ op: fc.constant('rename' as const), from: key, to: key }),
);

/** Own data property, even for `__proto__`. */
const put = (target: Record<string, unknown>, name: string, value: unknown) =>
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });

/** A step applying `edits` to the object it is given, in place, and returning it. */
const inPlace =
  (edits: readonly Edit[]): MigrationStep =>
  (given) => {
    for (const change of edits) {
      if (change.op === 'delete') delete given[change.key];
      else if (change.op === 'set') put(given, change.key, structuredClone(change.value));
      else if (Object.hasOwn(given, change.from)) {
        const value = given[change.from];
        delete given[change.from];
        put(given, change.to, value);
      }
    }
    return given;
  };

/** A chain from major 1 up to `1 + steps.length`. */
const chain = fc.array(fc.array(edit, { maxLength: 6 }), { minLength: 1, maxLength: 3 }).map((steps) => ({
  migrations: Object.fromEntries(steps.map((edits, i) => [String(i + 1), inPlace(edits)])),
  steps: steps.length,
}));

/** `before` with `changes` applied, as the list says. */
function apply(before: Readonly<Record<string, unknown>>, changes: readonly PropChange[]): Record<string, unknown> {
  const out = structuredClone(before) as Record<string, unknown>;
  for (const change of changes) {
    if (change.kind === 'removed') delete out[change.key];
    else if (change.kind === 'renamed') {
      delete out[change.from];
      put(out, change.key, change.value);
    } else put(out, change.key, change.after);
  }
  return out;
}

describe('planUpgrade, as properties', () => {
  it('never changes the saved props, whatever the steps do to what they are given', () => {
    fc.assert(
      fc.property(props, chain, (saved, { migrations, steps }) => {
        const snapshot = structuredClone(saved);
        planUpgrade(saved, '1.0.0', `${1 + steps}.0.0`, migrations);
        expect(sameValue(saved, snapshot)).toBe(true);
      }),
    );
  });

  it('gives props equal to the saved ones, and no change, through a chain of identity steps', () => {
    fc.assert(
      fc.property(props, fc.nat(5), (saved, steps) => {
        const identity = Object.fromEntries(Array.from({ length: steps }, (_, i) => [String(i), (p: object) => p]));
        const plan = planUpgrade(saved, '0.0.0', `${steps}.0.0`, identity);
        expect(plan.ok && sameValue(plan.props, saved)).toBe(true);
        expect(plan.ok && plan.changes).toEqual([]);
      }),
    );
  });

  it('lists changes that exactly account for the difference between saved and migrated props', () => {
    fc.assert(
      fc.property(props, chain, (saved, { migrations, steps }) => {
        const plan = planUpgrade(saved, '1.0.0', `${1 + steps}.0.0`, migrations);
        if (!plan.ok) throw new Error(plan.message);
        // Applying the list to the saved props gives the migrated props...
        expect(sameValue(apply(saved, plan.changes), plan.props)).toBe(true);
        // ...each old value is the saved one, each key is named once, and each change is a difference.
        const named = plan.changes.flatMap((change) =>
          change.kind === 'renamed' ? [change.from, change.key] : [change.key],
        );
        expect(new Set(named).size).toBe(named.length);
        for (const change of plan.changes) {
          if (change.kind === 'removed' || change.kind === 'changed')
            expect(sameValue(change.before, saved[change.key])).toBe(true);
          if (change.kind === 'changed') expect(sameValue(change.before, change.after)).toBe(false);
          if (change.kind === 'renamed') expect(sameValue(change.value, saved[change.from])).toBe(true);
        }
      }),
    );
  });
});
