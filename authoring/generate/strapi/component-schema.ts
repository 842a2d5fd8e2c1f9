import type { CompiledComponent } from '../../model/compiled-schema.js';
import { componentAttributes } from './page-attributes.js';
import { strapiAttribute } from './strapi-attribute.js';

/**
 * A component's JSON for Strapi 5 (`src/components/<category>/<name>.json`); `pageComponents`
 * holds the uids page collections' dynamic zones list (they get `cmp_instance`). Deprecated
 * attributes come last: Strapi keeps their columns, and the values in them, while they are listed.
 */
export function componentSchema(
  component: CompiledComponent,
  pageComponents: ReadonlySet<string>,
): Record<string, unknown> {
  return {
    collectionName: component.collectionName,
    info: { displayName: component.displayName, description: component.description },
    options: {},
    attributes: Object.fromEntries(
      [...componentAttributes(component, pageComponents), ...(component.deprecatedAttributes ?? [])].map(
        (attribute) => [attribute.name, strapiAttribute(attribute, false)],
      ),
    ),
  };
}
