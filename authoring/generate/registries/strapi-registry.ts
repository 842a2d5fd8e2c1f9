import type { CompiledCollection, CompiledSchema } from '../../model/compiled-schema.js';

/** A content type's REST endpoint: `/api/<plural>`, a single type's `/api/<singular>`. */
export function restEndpoint(collection: Pick<CompiledCollection, 'kind' | 'singularName' | 'pluralName'>): string {
  return `/api/${collection.kind === 'singleType' ? collection.singularName : collection.pluralName}`;
}

/**
 * The Strapi registry (`registry:strapi`, docs/authoring-generate.md): what the CMS application holds, for
 * tools that talk to it: each content type (uid → REST endpoint, names, schema file, which
 * components each dynamic zone and component field accepts) and each component (uid → table,
 * file, where it is used), and what the CMS must have installed before it can load them: the custom
 * fields used (`customFields`) and the plugins they come from (`requiredPlugins`, from
 * `plugin::<plugin>.<field>`; a `global::` field is registered by the app itself).
 */
export function strapiRegistry(schema: CompiledSchema): Record<string, unknown> {
  const usedBy = new Map<string, string[]>();
  const use = (component: string, where: string) => {
    const list = usedBy.get(component) ?? [];
    if (!list.includes(where)) list.push(where);
    usedBy.set(component, list);
  };
  const contentTypes: Record<string, unknown> = {};
  for (const collection of schema.collections) {
    const dynamicZones: Record<string, string[]> = {};
    const components: Record<string, string> = {};
    for (const attribute of collection.attributes) {
      if (attribute.type === 'dynamiczone') {
        dynamicZones[attribute.name] = [...attribute.components];
        for (const id of attribute.components) use(id, `${collection.uid}#${attribute.name}`);
      }
      if (attribute.type === 'component') {
        components[attribute.name] = attribute.component;
        use(attribute.component, `${collection.uid}#${attribute.name}`);
      }
    }
    const name = collection.singularName;
    contentTypes[collection.uid] = {
      id: collection.id,
      kind: collection.kind,
      singularName: name,
      pluralName: collection.pluralName,
      collectionName: collection.collectionName,
      endpoint: restEndpoint(collection),
      draftAndPublish: collection.draftAndPublish,
      localized: collection.i18n,
      schema: `src/api/${name}/content-types/${name}/schema.json`,
      dynamicZones,
      components,
    };
  }
  for (const component of schema.components) {
    for (const attribute of component.attributes) {
      if (attribute.type === 'component') use(attribute.component, `${component.uid}#${attribute.name}`);
    }
  }
  const components: Record<string, unknown> = {};
  for (const component of schema.components) {
    components[component.uid] = {
      id: component.id,
      category: component.category,
      collectionName: component.collectionName,
      displayName: component.displayName,
      file: `src/components/${component.category}/${component.name}.json`,
      usedBy: [...(usedBy.get(component.uid) ?? [])].sort(),
    };
  }
  const customFields = new Set<string>();
  for (const model of [...schema.collections, ...schema.components]) {
    for (const attribute of model.attributes) {
      if (attribute.type === 'customField') customFields.add(attribute.customField);
    }
  }
  const requiredPlugins = new Set([...customFields].flatMap((uid) => /^plugin::([^.]+)\./.exec(uid)?.slice(1) ?? []));
  return {
    version: schema.version,
    requiredPlugins: [...requiredPlugins].sort(),
    customFields: [...customFields].sort(),
    contentTypes,
    components,
  };
}
