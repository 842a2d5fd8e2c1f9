import type { CompiledComponent, CompiledSchema } from '../../model/compiled-schema.js';
import { propsJsonSchema } from './props-json-schema.js';

/** The registry key of a component: `category:name` (spec 4.4 variant meta `key`). */
export function registryKey(component: Pick<CompiledComponent, 'category' | 'name'>): string {
  return `${component.category}:${component.name}`;
}

/** What every entry needs from the whole schema, computed once per registry. */
export interface RegistryContext {
  readonly byUid: ReadonlyMap<string, CompiledComponent>;
  /** Uids of the components some dynamic zone accepts. */
  readonly inDynamicZones: ReadonlySet<string>;
}

/** The lookups of `schema` the entries share. */
export function registryContext(schema: CompiledSchema): RegistryContext {
  const inDynamicZones = new Set<string>();
  for (const owner of [...schema.collections, ...schema.components]) {
    for (const attribute of owner.attributes) {
      if (attribute.type === 'dynamiczone') for (const uid of attribute.components) inDynamicZones.add(uid);
    }
  }
  return { byUid: new Map(schema.components.map((component) => [component.uid, component])), inDynamicZones };
}

/**
 * One entry of the global registry: spec 4.4's variant meta fields that the schema knows (key,
 * name, category, type, kind, description), plus title, Strapi uid and table, default props
 * (`cmp_variant` = the variant name, and each field's default) and the props JSON Schema.
 * `type` is `dynamic-zone` when some dynamic zone accepts it, `global` otherwise.
 */
export function globalRegistryEntry(
  component: CompiledComponent,
  schema: CompiledSchema,
  context: RegistryContext = registryContext(schema),
): Record<string, unknown> {
  const inDynamicZone = context.inDynamicZones.has(component.uid);
  const props: Record<string, unknown> = {};
  for (const attribute of component.attributes) {
    if (attribute.name === 'cmp_variant') props.cmp_variant = component.name;
    else if (attribute.options.default !== undefined) props[attribute.name] = attribute.options.default;
  }
  return {
    key: registryKey(component),
    id: component.id,
    name: component.name,
    category: component.category,
    type: inDynamicZone ? 'dynamic-zone' : 'global',
    kind: 'component',
    title: component.displayName,
    description: component.description,
    strapi: { uid: component.uid, collectionName: component.collectionName },
    props,
    schema: propsJsonSchema(component, context.byUid),
  };
}

/** The global registry (`registry:global`): every component variant by key, sorted. */
export function globalRegistry(schema: CompiledSchema): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  const context = registryContext(schema);
  const sorted = [...schema.components].sort((a, b) => (registryKey(a) < registryKey(b) ? -1 : 1));
  for (const component of sorted) components[registryKey(component)] = globalRegistryEntry(component, schema, context);
  return { version: schema.version, components };
}
