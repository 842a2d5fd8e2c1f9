import { sameValue } from '@runtime-component-catalog/contracts';
import type { Bump } from './bump.js';

/** Deep equality of two JSON values, key order aside: the SDK's upgrade compares props by the same rule. */
export { sameValue };

/** What changed at one path (docs/authoring-versions.md "The publish gate"). */
export type ChangeKind =
  | 'added-optional'
  | 'added-required'
  | 'removed'
  | 'renamed'
  | 'retyped'
  | 'type-widened'
  | 'now-required'
  | 'now-optional'
  | 'enum-widened'
  | 'enum-narrowed'
  | 'constraint-widened'
  | 'constraint-narrowed'
  | 'changed'
  | 'annotation-changed';

/** One change of a props schema or of a Strapi component's attributes, with the bump it needs. */
export interface Change {
  /** `props` (the variant's props schema) or `strapi` (its Strapi component's attributes). */
  readonly part: 'props' | 'strapi';
  /** Where: `title`, `cta.label`, `items[]`, `(root)`. */
  readonly path: string;
  readonly kind: ChangeKind;
  readonly bump: Bump;
  /** The change in words: `enum lost "dark"`, `string -> number`. */
  readonly detail: string;
}

/** A change without its part, as the comparisons build them. */
export type PartChange = Omit<Change, 'part'>;

/** The bump each kind needs: additions that old data satisfies are minor, anything old data may break is major. */
export const bumpOfKind: Readonly<Record<ChangeKind, Bump>> = {
  'added-optional': 'minor',
  'added-required': 'major',
  removed: 'major',
  renamed: 'major',
  retyped: 'major',
  'type-widened': 'minor',
  'now-required': 'major',
  'now-optional': 'minor',
  'enum-widened': 'minor',
  'enum-narrowed': 'major',
  'constraint-widened': 'minor',
  'constraint-narrowed': 'major',
  changed: 'major',
  'annotation-changed': 'patch',
};

/** A change of `kind` at `path`. */
export function change(path: string, kind: ChangeKind, detail: string): PartChange {
  return { path, kind, bump: bumpOfKind[kind], detail };
}

/** A name as a path segment: itself when plain, else quoted; at most 100 characters either way. */
export function segment(name: string): string {
  return /^[A-Za-z0-9_$-]{1,100}$/.test(name) ? name : JSON.stringify(name.slice(0, 100));
}

/** `parent.name`, or `name` at the root. */
export function childPath(parent: string, name: string): string {
  return parent === '' ? segment(name) : `${parent}.${segment(name)}`;
}

/** A value in a detail: JSON, cut at 60 characters; one too deep to serialize is named so. */
export function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    return '(too deep to show)';
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Values named in one detail at most; the rest are counted. */
const maxNamed = 10;
const named = (values: readonly unknown[]) =>
  `${values.slice(0, maxNamed).map(shown).join(', ')}${values.length > maxNamed ? ` and ${values.length - maxNamed} more` : ''}`;

/**
 * A JSON value as text with object keys sorted, so two values have the same key exactly when
 * they are deeply equal (as `isDeepStrictEqual` compares JSON); undefined for a value too deep to
 * serialize, which then equals nothing. Lets sets and renames be matched in linear time.
 */
export function valueKey(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, (_key, inner: unknown) =>
      typeof inner === 'object' && inner !== null && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : inner,
    );
  } catch {
    return undefined;
  }
}

/**
 * The change of a set of allowed values (an enum, Strapi's allowedTypes): values lost narrow it,
 * values only gained widen it, a set appearing narrows it, one disappearing widens it.
 */
export function setChange(path: string, key: string, before: unknown, after: unknown): PartChange | undefined {
  if (sameValue(before, after)) return undefined;
  if (!Array.isArray(after)) return before === undefined ? undefined : change(path, 'enum-widened', `${key} removed`);
  if (!Array.isArray(before)) return change(path, 'enum-narrowed', `${key} ${shown(after)} added`);
  const keysBefore = new Set(before.map(valueKey));
  const keysAfter = new Set(after.map(valueKey));
  const lost = before.filter((value) => {
    const k = valueKey(value);
    return k === undefined || !keysAfter.has(k);
  });
  const gained = after.filter((value) => {
    const k = valueKey(value);
    return k === undefined || !keysBefore.has(k);
  });
  if (lost.length > 0) return change(path, 'enum-narrowed', `${key} lost ${named(lost)}`);
  if (gained.length > 0) return change(path, 'enum-widened', `${key} gained ${named(gained)}`);
  return undefined;
}

/**
 * The change of a bound: an upper bound (`upper`) narrows when it falls or appears, a lower bound
 * when it rises or appears; the opposite widens. A bound that is not a number (Strapi keeps big
 * integers as strings) is read as one; a value neither reads as is compared for equality only.
 */
export function boundChange(
  path: string,
  key: string,
  before: unknown,
  after: unknown,
  upper: boolean,
): PartChange | undefined {
  if (sameValue(before, after)) return undefined;
  if (after === undefined) return change(path, 'constraint-widened', `${key} ${shown(before)} removed`);
  if (before === undefined) return change(path, 'constraint-narrowed', `${key} ${shown(after)} added`);
  const a = Number(before);
  const b = Number(after);
  const detail = `${key} ${shown(before)} -> ${shown(after)}`;
  if (Number.isNaN(a) || Number.isNaN(b)) return change(path, 'constraint-narrowed', detail);
  return change(path, (upper ? b < a : b > a) ? 'constraint-narrowed' : 'constraint-widened', detail);
}

/**
 * The change of a rule that only restricts (a pattern, a format, `unique`): appearing or changing
 * narrows, disappearing widens.
 */
export function ruleChange(path: string, key: string, before: unknown, after: unknown): PartChange | undefined {
  if (sameValue(before, after)) return undefined;
  if (after === undefined || after === false)
    return change(path, 'constraint-widened', `${key} ${shown(before)} removed`);
  return change(
    path,
    'constraint-narrowed',
    `${key} ${before === undefined ? '' : `${shown(before)} -> `}${shown(after)}`,
  );
}

/**
 * Pairs each removed name with an added one whose definition has the same key (a rename: equal
 * definitions, `keyOf` gives their {@link valueKey}), in order; the rest stay removed and added.
 * Linear in the names: a key undefined pairs with nothing.
 */
export function pairRenames(
  removed: readonly string[],
  added: readonly string[],
  keyOf: (name: string, side: 'removed' | 'added') => string | undefined,
): { renames: [string, string][]; removed: string[]; added: string[] } {
  const free = new Map<string, string[]>();
  for (const name of added) {
    const key = keyOf(name, 'added');
    if (key === undefined) continue;
    const names = free.get(key);
    if (names === undefined) free.set(key, [name]);
    else names.push(name);
  }
  const renames: [string, string][] = [];
  const left: string[] = [];
  for (const name of removed) {
    const key = keyOf(name, 'removed');
    const to = key === undefined ? undefined : free.get(key)?.shift();
    if (to === undefined) left.push(name);
    else renames.push([name, to]);
  }
  const taken = new Set(renames.map(([, to]) => to));
  return { renames, removed: left, added: added.filter((name) => !taken.has(name)) };
}
