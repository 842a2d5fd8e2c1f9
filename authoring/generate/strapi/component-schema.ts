import type { CompiledComponent } from '../../model/compiled-schema.js';
import { strapiAttribute } from './strapi-attribute.js';

/** A component's JSON for Strapi 5 (`src/components/<category>/<name>.json`). */
export function componentSchema(component: CompiledComponent): Record<string, unknown> {
  return {
    collectionName: component.collectionName,
    info: { displayName: component.displayName, description: component.description },
    options: {},
    attributes: Object.fromEntries(
      component.attributes.map((attribute) => [attribute.name, strapiAttribute(attribute, false)]),
    ),
  };
}
