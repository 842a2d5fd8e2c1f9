import type { ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import fc from 'fast-check';
import type { StrapiAttribute, StrapiSchema } from '../../sdk/strapi/strapi-schema.js';

/** What relations and media of random props may point at: files and documents that exist in the Strapi. */
export interface StrapiPools {
  readonly files: readonly { id: number; url: string }[];
  /** documentIds by content type uid (`api::article.article`). */
  readonly documents: Readonly<Record<string, readonly string[]>>;
}

const word = fc.stringMatching(/^[a-z]{1,8}$/);
const toMany = (attribute: StrapiAttribute) => /Many$/.test(attribute.relation ?? '');
const noNegativeZero = (value: number) => !Object.is(value, -0);

/**
 * Values the attribute holds and gives back unchanged, or undefined for attributes a prop never
 * takes (private ones, passwords, relations to a type without documents in the pool).
 */
function arbitraryOf(
  attribute: StrapiAttribute,
  schema: StrapiSchema,
  pools: StrapiPools,
  depth: number,
): fc.Arbitrary<unknown> | undefined {
  if (attribute.private === true) return undefined;
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'uid':
      return fc.string({ minLength: attribute.minLength ?? 0, maxLength: Math.min(attribute.maxLength ?? 40, 40) });
    case 'email':
      return fc.tuple(word, word).map(([name, domain]) => `${name}@${domain}.example`);
    case 'enumeration':
      return fc.constantFrom(...(attribute.enum ?? []));
    case 'timestamp':
      return fc.integer({ min: 100_000_000, max: 4_102_444_800_000 }).map(String);
    case 'date':
    case 'datetime': {
      const date = fc.date({
        min: new Date('1971-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      });
      return attribute.type === 'date'
        ? date.map((value) => value.toISOString().slice(0, 10))
        : date.map((value) => value.toISOString());
    }
    case 'time':
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
        .map(
          ([h, m, s]) =>
            `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.000`,
        );
    case 'integer':
      return fc.integer({ min: attribute.min ?? -1_000_000, max: attribute.max ?? 1_000_000 });
    case 'biginteger':
      return fc.bigInt({ min: -(2n ** 53n - 1n), max: 2n ** 53n - 1n }).map((value) => value.toString());
    case 'float':
      return fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter(noNegativeZero);
    case 'decimal':
      return fc
        .integer({ min: -1_000_000, max: 1_000_000 })
        .map((cents) => cents / 100)
        .filter(noNegativeZero);
    case 'boolean':
      return fc.boolean();
    case 'json':
      return fc.dictionary(word, fc.oneof(fc.integer(), word, fc.boolean()), { maxKeys: 3 });
    case 'blocks':
      return word.map((text) => [{ type: 'paragraph', children: [{ type: 'text', text }] }]);
    case 'media': {
      if (pools.files.length === 0) return undefined;
      const file = fc.constantFrom(...pools.files);
      return attribute.multiple ? fc.uniqueArray(file, { minLength: 0, maxLength: 3, selector: (f) => f.id }) : file;
    }
    case 'relation': {
      const ids = pools.documents[attribute.target ?? ''] ?? [];
      if (ids.length === 0) return undefined;
      const id = fc.constantFrom(...ids);
      return toMany(attribute) ? fc.uniqueArray(id, { minLength: 0, maxLength: 2 }) : id;
    }
    case 'component': {
      if (attribute.component === undefined || depth > 3) return undefined;
      const component = propsOf(attribute.component, schema, pools, depth + 1);
      if (!attribute.repeatable) return component;
      return fc.array(component, {
        minLength: attribute.min ?? 0,
        maxLength: Math.min(attribute.max ?? 3, 3),
      });
    }
    default:
      return undefined;
  }
}

/** Random props of a component: any subset of the attributes a prop can take. */
export function propsOf(component: string, schema: StrapiSchema, pools: StrapiPools, depth = 0) {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, attribute] of Object.entries(schema.components[component]?.attributes ?? {})) {
    if (name === 'cmp_instance' || name === 'cmp_variant') continue;
    const value = arbitraryOf(attribute, schema, pools, depth);
    if (value !== undefined) shape[name] = value;
  }
  // Strapi checks required components even in a draft: they are always there.
  const required = Object.entries(schema.components[component]?.attributes ?? {})
    .filter(([name, attribute]) => attribute.type === 'component' && attribute.required === true && name in shape)
    .map(([name]) => name);
  return fc.record(shape, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Random pages of the collection's blocks: each instance a component of its zone with random props. */
export function pageArbitrary(
  schema: StrapiSchema,
  blockComponents: readonly string[],
  pools: StrapiPools,
  id: () => string,
): fc.Arbitrary<Page> {
  const instance = fc.constantFrom(...blockComponents).chain((component) => {
    const packageId = component.slice(component.indexOf('.') + 1);
    return fc.record({
      id: fc.uuid(),
      packageId: fc.constant(packageId),
      package: fc.constant(`@acme/ui-${packageId}`),
      version: fc.constantFrom('1.0.0', '1.2.0', '2.0.0-rc.1'),
      props: fc
        .tuple(propsOf(component, schema, pools), fc.boolean())
        .map(([props, named]) => (named ? { cmp_variant: packageId, ...props } : props)),
    }) as fc.Arbitrary<ComponentInstance>;
  });
  return fc
    .record({
      title: fc.string({ maxLength: 30 }),
      content: fc.array(instance, { maxLength: 4 }),
    })
    .map(({ title, content }) => ({ id: id(), title, revision: 0, updatedAt: new Date(0).toISOString(), content }));
}
