import { attributeShapeKeys, type LoadedAttribute, type LoadedModel } from '../boot-report.js';
import type { Strapi, StrapiAttribute, StrapiSchema } from './strapi-surface.js';

function loadedAttribute(name: string, attribute: StrapiAttribute): LoadedAttribute {
  const loaded: Record<string, unknown> = { name };
  for (const key of attributeShapeKeys) if (attribute[key] !== undefined) loaded[key] = attribute[key];
  return loaded as unknown as LoadedAttribute;
}

function loadedModel(schema: StrapiSchema): LoadedModel {
  return {
    uid: schema.uid,
    kind: schema.modelType === 'component' ? 'component' : (schema.kind ?? ''),
    collectionName: schema.collectionName,
    declared: Object.keys(schema.__schema__?.attributes ?? {}),
    attributes: Object.entries(schema.attributes).map(([name, attribute]) => loadedAttribute(name, attribute)),
  };
}

const byUid = (a: LoadedModel, b: LoadedModel) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);

/** The app's content types (`api::*`) and every component, as Strapi holds them, sorted by uid. */
export function loadedModels(strapi: Strapi): { contentTypes: LoadedModel[]; components: LoadedModel[] } {
  return {
    contentTypes: Object.values(strapi.contentTypes)
      .filter((schema) => schema.uid.startsWith('api::'))
      .map(loadedModel)
      .sort(byUid),
    components: Object.values(strapi.components).map(loadedModel).sort(byUid),
  };
}
