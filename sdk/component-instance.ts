import type { CatalogEntry, ComponentInstance, JsonObject } from '@runtime-component-catalog/contracts';

/**
 * A new instance of `entry` (docs/design.md "Page data"): its props are a deep copy of data.json
 * (`{}` when there is none). This is the only place defaults are applied; nothing else but the
 * user's own edit ever writes an instance's props.
 */
export function createInstance(entry: CatalogEntry, data: JsonObject | null, id = newInstanceId()): ComponentInstance {
  return {
    id,
    packageId: entry.id,
    package: entry.package,
    version: entry.version,
    props: data === null ? {} : structuredClone(data),
  };
}

/** A random instance id. */
export function newInstanceId(): string {
  return globalThis.crypto.randomUUID();
}
