import type { AuthoringConfig } from '../config/authoring-config.js';
import { jsonText } from '../generate/json-text.js';
import type { OutputRoot } from '../generate/output-root.js';
import { globalRegistry } from '../generate/registries/global-registry.js';
import { strapiRegistry } from '../generate/registries/strapi-registry.js';
import { strapiSchema } from '../generate/registries/strapi-schema.js';
import { strapiOutputs } from '../generate/strapi/strapi-outputs.js';
import { categoryList, typescriptTypes } from '../generate/typescript-types.js';
import type { CompiledSchema } from '../model/compiled-schema.js';

/** The compiled schema cache's file name inside the cache folder. */
export const compiledSchemaFile = 'compiled-schema.json';

/** The compiled schema cache (read by generate:types). */
export function cacheOutput(schema: CompiledSchema, config: AuthoringConfig): OutputRoot {
  return { dir: config.cache, files: new Map([[compiledSchemaFile, jsonText(schema)]]), mode: 'replace' };
}

/** The CMS application's folders. */
export function cmsOutputs(schema: CompiledSchema, config: AuthoringConfig): OutputRoot[] {
  return strapiOutputs(schema, config.cms, config.language);
}

/** The TypeScript interfaces and the category list. */
export function typesOutput(schema: CompiledSchema, config: AuthoringConfig): OutputRoot {
  return {
    dir: config.types,
    files: new Map([
      ['index.ts', typescriptTypes(schema)],
      ['categories.json', jsonText(categoryList(schema))],
    ]),
    mode: 'replace',
  };
}

/** Registry file names inside the registries folder. */
export const registryFiles = {
  strapi: 'strapi.json',
  strapiSchema: 'strapi-schema.json',
  global: 'global.json',
} as const;

/**
 * One or both registries (the Strapi one with its schema for the SDK, `strapi-schema.json`); the
 * folder may hold other files, which are kept.
 */
export function registriesOutput(
  schema: CompiledSchema,
  config: AuthoringConfig,
  which: { strapi?: boolean; global?: Record<string, unknown> | boolean },
): OutputRoot {
  const files = new Map<string, string>();
  if (which.strapi) {
    files.set(registryFiles.strapi, jsonText(strapiRegistry(schema)));
    files.set(registryFiles.strapiSchema, jsonText(strapiSchema(schema)));
  }
  if (which.global) {
    files.set(registryFiles.global, jsonText(typeof which.global === 'object' ? which.global : globalRegistry(schema)));
  }
  return { dir: config.registries, files, mode: 'merge' };
}
