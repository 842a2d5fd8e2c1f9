import { isDeepStrictEqual } from 'node:util';
import {
  boundChange,
  change,
  childPath,
  type PartChange,
  pairRenames,
  ruleChange,
  setChange,
  valueKey,
} from './change.js';

/** Keys whose change touches neither stored data nor what it accepts: a patch. */
const annotationKeys = new Set(['default', 'private', 'configurable', 'pluginOptions']);
const handled = new Set([
  'type',
  'required',
  'enum',
  'allowedTypes',
  'max',
  'maxLength',
  'min',
  'minLength',
  'regex',
  'unique',
]);

type Attributes = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The changes of one attribute present on both sides. */
function attributeChanges(path: string, a: Record<string, unknown>, b: Record<string, unknown>): PartChange[] {
  const found: (PartChange | undefined)[] = [];
  if (!isDeepStrictEqual(a.type, b.type)) found.push(change(path, 'retyped', `${String(a.type)} -> ${String(b.type)}`));
  if (a.required !== true && b.required === true) found.push(change(path, 'now-required', 'now required'));
  if (a.required === true && b.required !== true) found.push(change(path, 'now-optional', 'now optional'));
  found.push(setChange(path, 'enum', a.enum, b.enum));
  found.push(setChange(path, 'allowedTypes', a.allowedTypes, b.allowedTypes));
  for (const key of ['max', 'maxLength']) found.push(boundChange(path, key, a[key], b[key], true));
  for (const key of ['min', 'minLength']) found.push(boundChange(path, key, a[key], b[key], false));
  for (const key of ['regex', 'unique']) found.push(ruleChange(path, key, a[key], b[key]));
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (handled.has(key) || isDeepStrictEqual(a[key], b[key])) continue;
    found.push(change(path, annotationKeys.has(key) ? 'annotation-changed' : 'changed', `${key} changed`));
  }
  return found.filter((item) => item !== undefined);
}

/**
 * The changes from the Strapi attributes `before` to `after` (name → attribute, as the published
 * snapshot holds them; docs/authoring-versions.md "Strapi attributes"), each with the bump it
 * needs: an added optional attribute or a widened enum is minor; a removed, renamed (removed and
 * added alike) or retyped one, a new required one, a narrowed bound or a changed component,
 * relation or media kind is major; `default`, `private`, `configurable` and `pluginOptions` are a
 * patch. Anything that is not an object of objects compares as a whole.
 */
export function attributeChangesBetween(before: unknown, after: unknown): PartChange[] {
  if (!isObject(before) || !isObject(after)) {
    return isDeepStrictEqual(before, after) ? [] : [change('(root)', 'changed', 'attributes replaced')];
  }
  const a: Attributes = before;
  const b: Attributes = after;
  const attribute = (value: unknown) => (isObject(value) ? value : { type: value });
  const paired = pairRenames(
    Object.keys(a).filter((name) => !Object.hasOwn(b, name)),
    Object.keys(b).filter((name) => !Object.hasOwn(a, name)),
    (name, side) => valueKey(side === 'removed' ? a[name] : b[name]),
  );
  const changes: PartChange[] = [];
  for (const [from, to] of paired.renames)
    changes.push(change(childPath('', from), 'renamed', `renamed to ${childPath('', to)}`));
  for (const name of paired.removed) changes.push(change(childPath('', name), 'removed', 'removed'));
  for (const name of paired.added) {
    const required = attribute(b[name]).required === true;
    changes.push(
      change(
        childPath('', name),
        required ? 'added-required' : 'added-optional',
        required ? 'added, required' : 'added, optional',
      ),
    );
  }
  for (const name of Object.keys(a)) {
    if (Object.hasOwn(b, name))
      changes.push(...attributeChanges(childPath('', name), attribute(a[name]), attribute(b[name])));
  }
  return changes;
}
