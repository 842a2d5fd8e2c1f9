import { posix } from 'node:path';
import type { CompiledSchema } from '../../model/compiled-schema.js';
import { pageComponentIds } from '../../model/page-collections.js';
import { jsonText } from '../json-text.js';
import type { OutputRoot } from '../output-root.js';
import { adminMetadata } from './admin-metadata.js';
import type { CodeLanguage } from './code-language.js';
import { componentSchema } from './component-schema.js';
import { contentTypeSchema } from './content-type-schema.js';
import { coreApiFiles } from './core-api-files.js';
import { databaseMigrations } from './database-migrations.js';

/**
 * The CMS application's generated folders (spec 4.4): `src/api` (schema.json, controllers, routes,
 * services per collection, and the revision guard `index` of a page collection), `src/components`
 * (one JSON per component) and `catalog-schema` (the admin sidecar); with a declared rename,
 * `database/migrations` (merged: the app's own migrations there are kept, and a migration once
 * written stays, as Strapi expects). `cmsDir` is the CMS application root relative to the schema
 * package.
 */
export function strapiOutputs(schema: CompiledSchema, cmsDir: string, language: CodeLanguage): OutputRoot[] {
  const api = new Map<string, string>();
  for (const collection of schema.collections) {
    const name = collection.singularName;
    api.set(`${name}/content-types/${name}/schema.json`, jsonText(contentTypeSchema(collection)));
    for (const [path, text] of coreApiFiles(collection, language)) api.set(`${name}/${path}`, text);
  }
  const pageComponents = pageComponentIds(schema.collections);
  const components = new Map<string, string>();
  for (const component of schema.components) {
    components.set(
      `${component.category}/${component.name}.json`,
      jsonText(componentSchema(component, pageComponents)),
    );
  }
  const sidecar = new Map([['admin-metadata.json', jsonText(adminMetadata(schema))]]);
  const migrations = databaseMigrations(schema);
  return [
    { dir: posix.join(cmsDir, 'src/api'), files: api, mode: 'replace' },
    { dir: posix.join(cmsDir, 'src/components'), files: components, mode: 'replace' },
    { dir: posix.join(cmsDir, 'catalog-schema'), files: sidecar, mode: 'replace' },
    ...(migrations.size > 0
      ? [{ dir: posix.join(cmsDir, 'database/migrations'), files: migrations, mode: 'merge' as const }]
      : []),
  ];
}
