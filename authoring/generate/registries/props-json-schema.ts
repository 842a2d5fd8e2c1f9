import type { CompiledAttribute, CompiledComponent } from '../../model/compiled-schema.js';

const formats: Readonly<Record<string, string>> = { email: 'email', date: 'date', datetime: 'date-time', time: 'time' };

function valueSchema(attribute: CompiledAttribute): Record<string, unknown> {
  const { options } = attribute;
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'password':
    case 'uid':
    case 'date':
    case 'time':
    case 'datetime':
    case 'timestamp':
      return {
        type: 'string',
        ...(formats[attribute.type] ? { format: formats[attribute.type] } : {}),
        ...(options.minLength !== undefined ? { minLength: options.minLength } : {}),
        ...(options.maxLength !== undefined ? { maxLength: options.maxLength } : {}),
        ...(options.regex !== undefined ? { pattern: options.regex } : {}),
      };
    case 'integer':
    case 'float':
    case 'decimal':
      return {
        type: attribute.type === 'integer' ? 'integer' : 'number',
        ...(options.min !== undefined ? { minimum: Number(options.min) } : {}),
        ...(options.max !== undefined ? { maximum: Number(options.max) } : {}),
      };
    case 'biginteger':
      return { type: 'string', pattern: '^-?\\d+$' };
    case 'boolean':
      return { type: 'boolean' };
    case 'blocks':
      return { type: 'array', items: { type: 'object' } };
    case 'enumeration':
      return { type: 'string', enum: [...attribute.enum] };
    case 'media':
      return attribute.multiple
        ? { type: 'array', items: { $ref: '#/definitions/media' } }
        : { $ref: '#/definitions/media' };
    case 'component': {
      const ref = { $ref: `#/definitions/${attribute.component}` };
      return attribute.repeatable ? { type: 'array', items: ref } : ref;
    }
    case 'relation': {
      const entry = { $ref: '#/definitions/entry' };
      return attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany'
        ? { type: 'array', items: entry }
        : entry;
    }
    default:
      return {};
  }
}

function objectSchema(component: CompiledComponent): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const attribute of component.attributes) {
    const schema = valueSchema(attribute);
    const fallback = attribute.options.default;
    properties[attribute.name] = fallback === undefined ? schema : { ...schema, default: fallback };
  }
  const required = component.attributes.filter((attribute) => attribute.required).map((attribute) => attribute.name);
  return {
    title: component.displayName,
    ...(component.description ? { description: component.description } : {}),
    type: 'object',
    required,
    properties,
  };
}

/**
 * The JSON Schema (draft-07) of a component's props, with every component it nests under
 * `definitions` keyed by uid, plus `media` and `entry` (a related entry).
 */
export function propsJsonSchema(
  component: CompiledComponent,
  byUid: ReadonlyMap<string, CompiledComponent>,
): Record<string, unknown> {
  const definitions: Record<string, unknown> = {
    entry: { type: 'object', required: ['documentId'], properties: { documentId: { type: 'string' } } },
    media: {
      type: 'object',
      required: ['url'],
      properties: { url: { type: 'string' }, alternativeText: { type: ['string', 'null'] } },
    },
  };
  const pending = [component];
  const seen = new Set([component.uid]);
  for (let current = pending.shift(); current !== undefined; current = pending.shift()) {
    for (const attribute of current.attributes) {
      if (attribute.type !== 'component' || seen.has(attribute.component)) continue;
      const nested = byUid.get(attribute.component);
      if (!nested) continue;
      seen.add(nested.uid);
      definitions[nested.uid] = objectSchema(nested);
      pending.push(nested);
    }
  }
  const sorted = Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...objectSchema(component), definitions: sorted };
}
