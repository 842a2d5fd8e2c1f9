import type { QueryCheck } from '../boot-report.js';
import type { Strapi } from './strapi-surface.js';

const populated = new Set(['relation', 'component', 'dynamiczone', 'media']);

/** `findMany` of every `api::` content type with each relation, component, dynamic zone and media populated. */
export async function queryChecks(strapi: Strapi): Promise<QueryCheck[]> {
  const checks: QueryCheck[] = [];
  for (const uid of Object.keys(strapi.contentTypes).sort()) {
    if (!uid.startsWith('api::')) continue;
    const attributes = strapi.contentTypes[uid]!.attributes;
    const populate = Object.keys(attributes).filter((name) => populated.has(attributes[name]!.type));
    try {
      const documents = await strapi
        .documents(uid)
        .findMany({ populate: Object.fromEntries(populate.map((name) => [name, true])) });
      checks.push({ uid, populate, count: documents.length });
    } catch (error) {
      checks.push({ uid, populate, count: 0, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return checks;
}
