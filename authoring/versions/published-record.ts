import type { CompiledComponent, CompiledSchema } from '../model/compiled-schema.js';
import { type AttributesSnapshot, recordFormat } from '../publish/published-record.js';

/** The component of a variant: meta.json's `key` `<category>:<name>` is the component `<category>.<name>`. */
export function variantComponent(
  compiled: CompiledSchema,
  meta: Readonly<Record<string, unknown>>,
): CompiledComponent | undefined {
  const key = meta.key;
  if (typeof key !== 'string') return undefined;
  const id = key.replace(':', '.');
  return compiled.components.find((component) => component.id === id);
}

/** The Strapi attributes snapshot of a component: each attribute without its name and UI keys, its options spread in. */
export function attributesSnapshot(component: CompiledComponent): AttributesSnapshot {
  const attributes: Record<string, unknown> = {};
  for (const attribute of component.attributes) {
    const {
      name,
      options,
      ui: _ui,
      targetCollection: _target,
      deprecated: _deprecated,
      ...spec
    } = attribute as typeof attribute & { deprecated?: unknown };
    attributes[name] = { ...spec, ...options };
  }
  return { format: recordFormat, component: component.id, attributes };
}
