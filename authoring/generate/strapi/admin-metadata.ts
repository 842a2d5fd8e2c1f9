import type { CompiledAttribute, CompiledSchema } from '../../model/compiled-schema.js';

/** What the sidecar holds for one field: Content-Manager `edit` metadata plus layout hints. */
export interface FieldAdminMetadata {
  readonly edit?: {
    readonly label?: string;
    readonly description?: string;
    readonly placeholder?: string;
    readonly visible?: boolean;
    readonly editable?: boolean;
  };
  /** Edit layout width in Strapi's 12-column grid. */
  readonly size?: number;
  readonly group?: string;
  readonly widget?: string;
}

function fieldMetadata(attribute: CompiledAttribute): FieldAdminMetadata | undefined {
  const { ui } = attribute;
  const edit = {
    ...(ui.label !== undefined ? { label: ui.label } : {}),
    ...(ui.help !== undefined ? { description: ui.help } : {}),
    ...(ui.placeholder !== undefined ? { placeholder: ui.placeholder } : {}),
    ...(ui.hidden !== undefined ? { visible: !ui.hidden } : {}),
    ...(ui.readonly !== undefined ? { editable: !ui.readonly } : {}),
    // A deprecated attribute keeps stored values for migrate-pages; no editor writes it.
    ...(attribute.deprecated !== undefined ? { visible: false, editable: false } : {}),
  };
  const metadata = {
    ...(Object.keys(edit).length > 0 ? { edit } : {}),
    ...(ui.width !== undefined ? { size: ui.width } : {}),
    ...(ui.group !== undefined ? { group: ui.group } : {}),
    ...(ui.widget !== undefined ? { widget: ui.widget } : {}),
  };
  return Object.keys(metadata).length > 0 ? metadata : undefined;
}

function modelMetadata(attributes: readonly CompiledAttribute[]): Record<string, FieldAdminMetadata> | undefined {
  const entries = attributes.flatMap((attribute) => {
    const metadata = fieldMetadata(attribute);
    return metadata ? [[attribute.name, metadata] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * The admin sidecar (`<cms>/catalog-schema/admin-metadata.json`): the object form's UI keys,
 * which Strapi keeps in Content-Manager configuration (database), not in schema.json. Keyed by
 * content-type uid and component uid, then field; label/help/placeholder/hidden/readonly map to
 * the Content-Manager `edit` metadata names (docs/authoring.md has the bootstrap that applies it).
 */
export function adminMetadata(schema: CompiledSchema): Record<string, unknown> {
  const contentTypes: Record<string, unknown> = {};
  for (const collection of schema.collections) {
    const fields = modelMetadata(collection.attributes);
    if (fields) contentTypes[collection.uid] = fields;
  }
  const components: Record<string, unknown> = {};
  for (const component of schema.components) {
    const fields = modelMetadata([...component.attributes, ...(component.deprecatedAttributes ?? [])]);
    if (fields) components[component.uid] = fields;
  }
  return { contentTypes, components };
}
