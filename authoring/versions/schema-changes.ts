import {
  boundChange,
  change,
  childPath,
  type PartChange,
  pairRenames,
  ruleChange,
  sameValue,
  setChange,
  shown,
  valueKey,
} from './change.js';

/** Nodes compared at most: a larger schema gets one `changed` at the root, never a long wait. */
export const maxSchemaNodes = 20_000;
/** Nesting followed at most; deeper pairs count as changed when they differ. */
const maxDepth = 64;

/** Keywords that describe and never constrain: left out of the comparison. */
const annotations = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'definitions',
  '$defs',
]);
/** Keywords compared by the walk itself. */
const walked = new Set([
  '$ref',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'default',
]);
const upperBounds = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'];
const lowerBounds = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'];
const rules = ['pattern', 'format', 'multipleOf', 'uniqueItems'];

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The node a local `$ref` (`#/definitions/x`, `#/$defs/x`, any JSON pointer) leads to, following chains. */
function resolveRef(root: unknown, node: unknown): { node: unknown; ref: string | undefined } {
  let current = node;
  let ref: string | undefined;
  for (let hops = 0; hops < 32 && isNode(current) && typeof current.$ref === 'string'; hops += 1) {
    ref = current.$ref;
    if (!ref.startsWith('#')) return { node: current, ref };
    let target: unknown = root;
    for (const raw of ref.slice(1).split('/').slice(1)) {
      const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      target = isNode(target) && Object.hasOwn(target, key) ? target[key] : undefined;
    }
    if (target === undefined) return { node: current, ref };
    current = target;
  }
  return { node: current, ref };
}

/** The JSON types a node allows, sorted; undefined when it says none (any type). */
function typesOf(node: Node): string[] | undefined {
  const type = node.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return [...new Set(type.map(String))].sort();
  return undefined;
}

const requiredOf = (node: Node) => new Set(Array.isArray(node.required) ? node.required.map(String) : []);
const propertiesOf = (node: Node): Node => (isNode(node.properties) ? node.properties : {});

class SchemaWalk {
  readonly changes: PartChange[] = [];
  #nodes = 0;
  /** The `$ref` pairs being compared: a recursive schema stops where it repeats. */
  readonly #open = new Set<string>();
  constructor(
    readonly before: unknown,
    readonly after: unknown,
  ) {}

  get exhausted(): boolean {
    return this.#nodes > maxSchemaNodes;
  }

  compare(beforeNode: unknown, afterNode: unknown, path: string, depth: number): void {
    this.#nodes += 1;
    if (this.exhausted) return;
    // `true` accepts anything, as `{}` does.
    const a = resolveRef(this.before, beforeNode === true ? {} : beforeNode);
    const b = resolveRef(this.after, afterNode === true ? {} : afterNode);
    const pair = a.ref !== undefined || b.ref !== undefined ? `${a.ref}\0${b.ref}` : undefined;
    if (pair !== undefined && this.#open.has(pair)) return;
    const here = path === '' ? '(root)' : path;
    if (!isNode(a.node) || !isNode(b.node) || depth > maxDepth) {
      if (!sameValue(a.node, b.node))
        this.changes.push(change(here, 'retyped', `${shown(a.node)} -> ${shown(b.node)}`));
      return;
    }
    if (pair !== undefined) this.#open.add(pair);
    this.#node(a.node, b.node, path, here, depth);
    if (pair !== undefined) this.#open.delete(pair);
  }

  #node(a: Node, b: Node, path: string, here: string, depth: number): void {
    const push = (found: PartChange | undefined) => {
      if (found !== undefined) this.changes.push(found);
    };
    const typesA = typesOf(a);
    const typesB = typesOf(b);
    if (!sameValue(typesA, typesB)) {
      const widened = typesB === undefined || typesA?.every((type) => typesB.includes(type)) === true;
      push(
        change(
          here,
          widened ? 'type-widened' : 'retyped',
          `${typesA?.join('|') ?? 'any'} -> ${typesB?.join('|') ?? 'any'}`,
        ),
      );
    }
    // A `$ref` left unresolved (missing, external or a loop of refs) is compared as written.
    if ((typeof a.$ref === 'string' || typeof b.$ref === 'string') && a.$ref !== b.$ref)
      push(change(here, 'changed', `$ref ${shown(a.$ref)} -> ${shown(b.$ref)}`));
    push(setChange(here, 'enum', a.enum, b.enum));
    if (!sameValue(a.const, b.const)) {
      push(
        b.const === undefined
          ? change(here, 'enum-widened', 'const removed')
          : change(here, 'enum-narrowed', `const ${shown(b.const)}`),
      );
    }
    for (const key of upperBounds) push(boundChange(here, key, a[key], b[key], true));
    for (const key of lowerBounds) push(boundChange(here, key, a[key], b[key], false));
    for (const key of rules) push(ruleChange(here, key, a[key], b[key]));
    if (!sameValue(a.default, b.default))
      push(change(here, 'annotation-changed', `default ${shown(a.default)} -> ${shown(b.default)}`));
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (
        annotations.has(key) ||
        walked.has(key) ||
        upperBounds.includes(key) ||
        lowerBounds.includes(key) ||
        rules.includes(key)
      )
        continue;
      if (!sameValue(a[key], b[key])) push(change(here, 'changed', `${key} changed`));
    }
    this.#additional(a.additionalProperties, b.additionalProperties, path, here, depth);
    if (isNode(a.items) || isNode(b.items))
      this.compare(a.items ?? {}, b.items ?? {}, `${path === '' ? '' : path}[]`, depth + 1);
    else if (!sameValue(a.items, b.items)) push(change(here, 'changed', 'items changed'));
    this.#properties(a, b, path, depth);
  }

  #additional(a: unknown, b: unknown, path: string, here: string, depth: number): void {
    if (sameValue(a, b)) return;
    const open = (value: unknown) => value === undefined || value === true;
    if (open(a) && !open(b)) this.changes.push(change(here, 'constraint-narrowed', 'additionalProperties closed'));
    else if (!open(a) && open(b)) this.changes.push(change(here, 'constraint-widened', 'additionalProperties opened'));
    else this.compare(a, b, childPath(path, '*'), depth + 1);
  }

  #properties(a: Node, b: Node, path: string, depth: number): void {
    const propsA = propertiesOf(a);
    const propsB = propertiesOf(b);
    const requiredA = requiredOf(a);
    const requiredB = requiredOf(b);
    const namesA = Object.keys(propsA);
    const namesB = Object.keys(propsB);
    const paired = pairRenames(
      namesA.filter((name) => !Object.hasOwn(propsB, name)),
      namesB.filter((name) => !Object.hasOwn(propsA, name)),
      (name, side) => {
        const [props, required, root] =
          side === 'removed' ? [propsA, requiredA, this.before] : [propsB, requiredB, this.after];
        const key = valueKey(resolveRef(root, props[name]).node);
        return key === undefined ? undefined : `${required.has(name)}\0${key}`;
      },
    );
    for (const [from, to] of paired.renames)
      this.changes.push(change(childPath(path, from), 'renamed', `renamed to ${childPath(path, to)}`));
    for (const name of paired.removed) this.changes.push(change(childPath(path, name), 'removed', 'removed'));
    for (const name of paired.added) {
      const required = requiredB.has(name);
      this.changes.push(
        change(
          childPath(path, name),
          required ? 'added-required' : 'added-optional',
          required ? 'added, required' : 'added, optional',
        ),
      );
    }
    for (const name of namesA) {
      if (!Object.hasOwn(propsB, name)) continue;
      const at = childPath(path, name);
      if (!requiredA.has(name) && requiredB.has(name)) this.changes.push(change(at, 'now-required', 'now required'));
      if (requiredA.has(name) && !requiredB.has(name)) this.changes.push(change(at, 'now-optional', 'now optional'));
      this.compare(propsA[name], propsB[name], at, depth + 1);
    }
    // A name required without a property schema still changes what data is accepted.
    for (const name of requiredB) {
      if (!requiredA.has(name) && !Object.hasOwn(propsB, name))
        this.changes.push(change(childPath(path, name), 'now-required', 'now required'));
    }
  }
}

/**
 * The changes from the props schema `before` to `after`, each with the bump it needs
 * (docs/authoring-versions.md "The publish gate"). Local `$ref`s are followed (a recursive schema
 * stops where a pair of refs repeats); a removed and an added property with the same schema are a
 * rename; annotations (title, description, examples) are not changes, a new `default` is a patch.
 * Any input gives an answer: a node that is not an object schema is compared for equality, and a
 * schema of more than {@link maxSchemaNodes} nodes is one major change at the root.
 */
export function schemaChanges(before: unknown, after: unknown): PartChange[] {
  const walk = new SchemaWalk(before, after);
  walk.compare(before, after, '', 0);
  if (walk.exhausted)
    return [change('(root)', 'changed', `too large to compare: more than ${maxSchemaNodes} schema nodes`)];
  return walk.changes;
}
