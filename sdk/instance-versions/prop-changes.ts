import { sameValue } from '@runtime-component-catalog/contracts';

/** One top-level prop an upgrade changes, with its values (old as saved, new as migrated). */
export type PropChange =
  | {
      /** A prop the upgrade adds. */
      readonly kind: 'added';
      /** Its name. */
      readonly key: string;
      /** Its value after. */
      readonly after: unknown;
    }
  | {
      /** A prop the upgrade removes. */
      readonly kind: 'removed';
      /** Its name. */
      readonly key: string;
      /** Its value before. */
      readonly before: unknown;
    }
  /** `from` is gone and its value stands, equal, under `key`, the only added key that holds it. */
  | {
      /** A prop moved to another name, its value unchanged. */
      readonly kind: 'renamed';
      /** Its old name. */
      readonly from: string;
      /** Its new name. */
      readonly key: string;
      /** The value it keeps. */
      readonly value: unknown;
    }
  | {
      /** A prop whose value the upgrade changes. */
      readonly kind: 'changed';
      /** Its name. */
      readonly key: string;
      /** Its value before. */
      readonly before: unknown;
      /** Its value after. */
      readonly after: unknown;
    };

/**
 * Every top-level difference between `before` and `after`, own keys only (a prop named
 * `toString` is a prop like any other), values compared deeply with key order aside. A rename is
 * a removed key whose value reappears under exactly one added key, that no other removed key's
 * value matches; anything ambiguous stays a removal and an addition. Order: `before`'s keys
 * (removed, renamed, changed), then `after`'s new keys (added).
 */
export function propChanges(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>) {
  const removedKeys = Object.keys(before).filter((key) => !Object.hasOwn(after, key));
  const addedKeys = Object.keys(after).filter((key) => !Object.hasOwn(before, key));
  const renamedTo = renames(before, after, removedKeys, addedKeys);
  const renamedTargets = new Set(renamedTo.values());
  const changes: PropChange[] = [];
  for (const key of Object.keys(before)) {
    const to = renamedTo.get(key);
    if (to !== undefined) changes.push({ kind: 'renamed', from: key, key: to, value: after[to] });
    else if (!Object.hasOwn(after, key)) changes.push({ kind: 'removed', key, before: before[key] });
    else if (!sameValue(before[key], after[key]))
      changes.push({ kind: 'changed', key, before: before[key], after: after[key] });
  }
  for (const key of addedKeys) {
    if (!renamedTargets.has(key)) changes.push({ kind: 'added', key, after: after[key] });
  }
  return changes;
}

/** Removed × added keys beyond which no rename is sought (each stays a removal and an addition): quadratic work stays bounded. */
const MAX_RENAME_PAIRS = 10_000;

/** Removed key → added key, for the pairs whose values match each other and nothing else. */
function renames(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  removedKeys: readonly string[],
  addedKeys: readonly string[],
): Map<string, string> {
  const pairs = new Map<string, string>();
  if (removedKeys.length * addedKeys.length > MAX_RENAME_PAIRS) return pairs;
  for (const from of removedKeys) {
    const targets = addedKeys.filter((to) => sameValue(before[from], after[to]));
    if (targets.length !== 1) continue;
    const [to] = targets as [string];
    const sources = removedKeys.filter((other) => sameValue(before[other], after[to]));
    if (sources.length === 1) pairs.set(from, to);
  }
  return pairs;
}
