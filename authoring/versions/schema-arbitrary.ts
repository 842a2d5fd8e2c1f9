import fc from 'fast-check';

/** Nesting generated at most: a recursive `$ref` stops here with its required keys only, then null. */
const maxDepth = 8;
/** Arbitraries built at most for one schema: a wide recursive schema stays bounded. */
const maxNodes = 5_000;
/** Properties of one object generated at most. */
const maxProperties = 500;
/** How far above its minimum a string or an array may grow. */
const spread = { string: 24, array: 4 };

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const count = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;

/** The node a local `$ref` leads to, or undefined when it leads nowhere. */
function follow(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let target: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    target = isNode(target) && Object.hasOwn(target, key) ? target[key] : undefined;
  }
  return target;
}

class Builder {
  #nodes = 0;
  constructor(readonly root: unknown) {}

  build(schema: unknown, depth: number): fc.Arbitrary<unknown> {
    this.#nodes += 1;
    if (this.#nodes > maxNodes || depth > maxDepth + 4) return fc.constant(null);
    if (schema === true || (isNode(schema) && Object.keys(schema).length === 0)) return fc.jsonValue({ maxDepth: 2 });
    if (!isNode(schema)) return fc.constant(null);
    if (typeof schema.$ref === 'string') {
      const target = follow(this.root, schema.$ref);
      return target === undefined ? fc.constant(null) : this.build(target, depth + 1);
    }
    if (Object.hasOwn(schema, 'const')) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) {
      // An index, not constantFrom(...enum): a huge enum would overflow the arguments of a call.
      const values: unknown[] = schema.enum;
      return values.length === 0 ? fc.constant(null) : fc.nat(values.length - 1).map((index) => values[index]);
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      const options = schema[key];
      if (Array.isArray(options) && options.length > 0) {
        return fc.oneof(...options.slice(0, 20).map((option) => this.build(option, depth + 1)));
      }
    }
    const declared =
      typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : undefined;
    const types =
      declared ?? (isNode(schema.properties) ? ['object'] : schema.items !== undefined ? ['array'] : undefined);
    if (types === undefined) return fc.jsonValue({ maxDepth: 2 });
    const arbitraries = types.slice(0, 7).map((type) => this.#typed(schema, String(type), depth));
    return arbitraries.length === 1 ? (arbitraries[0] as fc.Arbitrary<unknown>) : fc.oneof(...arbitraries);
  }

  #typed(schema: Node, type: string, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return this.#string(schema);
      case 'integer': {
        const min = Math.max(Math.ceil(finite(schema.minimum) ?? -1e6), Number.MIN_SAFE_INTEGER);
        const max = Math.min(Math.floor(finite(schema.maximum) ?? 1e6), Number.MAX_SAFE_INTEGER);
        // Bounds no integer meets: the schema accepts none, the validator skips what is generated.
        return min > max ? fc.constant(min) : fc.integer({ min, max });
      }
      case 'number': {
        const min = finite(schema.minimum) ?? -1e6;
        const max = finite(schema.maximum) ?? 1e6;
        return min > max ? fc.constant(min) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const minLength = Math.min(count(schema.minItems) ?? 0, 50);
        const maxLength = Math.min(count(schema.maxItems) ?? minLength + spread.array, minLength + spread.array);
        if (depth >= maxDepth && minLength === 0) return fc.constant([]);
        return fc.array(this.build(schema.items ?? true, depth + 1), {
          minLength,
          maxLength: Math.max(minLength, maxLength),
        });
      }
      case 'object':
        return this.#object(schema, depth);
      default:
        return fc.constant(null);
    }
  }

  #string(schema: Node): fc.Arbitrary<unknown> {
    if (typeof schema.pattern === 'string') {
      try {
        return fc.stringMatching(new RegExp(schema.pattern, 'u'));
      } catch {
        // An expression JavaScript cannot read: plain strings, which the old schema's check filters.
      }
    }
    const minLength = Math.min(count(schema.minLength) ?? 0, 1_000);
    const maxLength = Math.min(count(schema.maxLength) ?? minLength + spread.string, minLength + spread.string);
    return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
  }

  #object(schema: Node, depth: number): fc.Arbitrary<unknown> {
    const properties = isNode(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    // Past the depth limit only required keys are generated, so recursion ends.
    const names = Object.keys(properties)
      .filter((name) => depth < maxDepth || required.has(name))
      .slice(0, maxProperties);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const name of names) model[name] = this.build(properties[name], depth + 1);
    for (const name of required) model[name] ??= fc.jsonValue({ maxDepth: 1 });
    return fc.record(model, {
      requiredKeys: names
        .filter((name) => required.has(name))
        .concat([...required].filter((name) => !names.includes(name))),
    });
  }
}

/**
 * An arbitrary of values shaped by the JSON schema `schema` (local `$ref`s followed, `const`,
 * `enum`, `anyOf`/`oneOf`, the seven types with their bounds, `pattern`), for the migration
 * checks. It aims at valid values, not only valid ones: the caller keeps those the schema's own
 * validator accepts. Any input gives a finite arbitrary: recursion, width and depth are bounded.
 */
export function schemaArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  return new Builder(schema).build(schema, 0);
}
