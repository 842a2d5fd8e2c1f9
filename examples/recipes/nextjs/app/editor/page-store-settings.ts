import { readFile } from 'node:fs/promises';
import type { StrapiSchema } from '@runtime-component-catalog/sdk/strapi';

/** Where the editor keeps its pages: IndexedDB in the browser, or a Strapi 5 (docs: README). */
export type PageStoreSettings =
  | { readonly kind: 'indexeddb' }
  | { readonly kind: 'strapi'; readonly url: string; readonly token: string; readonly schema: StrapiSchema };

/**
 * Read on the server when the page is rendered (`next build` prerenders it): Strapi when
 * `STRAPI_URL` is set, with `STRAPI_TOKEN` and the schema package's generated
 * `registries/strapi-schema.json` at `STRAPI_SCHEMA_FILE`; IndexedDB otherwise.
 */
export async function pageStoreSettings(): Promise<PageStoreSettings> {
  const url = process.env.STRAPI_URL;
  if (url === undefined || url === '') return { kind: 'indexeddb' };
  const token = process.env.STRAPI_TOKEN;
  const schemaFile = process.env.STRAPI_SCHEMA_FILE;
  if (!token || !schemaFile) throw new Error('STRAPI_URL needs STRAPI_TOKEN and STRAPI_SCHEMA_FILE as well');
  const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as StrapiSchema;
  return { kind: 'strapi', url, token, schema };
}
