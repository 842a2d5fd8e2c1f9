import type { ValidEditorSchema } from '../validate/validate-editor-schemas.js';
import { stringLiteral } from './code-text.js';
import { generatedBanner } from './generated-banner.js';
import { jsonText } from './json-text.js';
import type { OutputRoot } from './output-root.js';

/** The loader map module's file name inside the editor schemas folder. */
export const editorSchemaLoaderFile = 'index.ts';

/**
 * The loader map of spec 4.4 step 11: key `<category>:<variant>` → a lazy import returning
 * `{default: JsonSchema}`, an import attribute `type: 'json'` (what Node requires for JSON
 * modules and bundlers accept), sorted by key. Every string goes through stringLiteral.
 */
export function editorSchemaLoader(schemas: readonly ValidEditorSchema[]): string {
  const entries = [...schemas]
    .map((schema) => ({
      key: `${schema.category}:${schema.variant}`,
      file: `./${schema.category}/${schema.variant}.json`,
    }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(
      ({ key, file }) => `  ${stringLiteral(key)}: () => import(${stringLiteral(file)}, { with: { type: 'json' } }),\n`,
    );
  return [
    `${generatedBanner}\n`,
    '\n',
    '/** A JSON schema of an editor form (spec 4.4 step 11). */\n',
    'export type JsonSchema = Readonly<Record<string, unknown>>;\n',
    '\n',
    '/** Editor schema of each variant by its key (`<category>:<variant>`), imported when first needed. */\n',
    'export const editorSchemas: Readonly<Record<string, () => Promise<{ default: JsonSchema }>>> = {\n',
    ...entries,
    '};\n',
  ].join('');
}

/** The editor schemas folder: the loader map and a copy of each schema at `<category>/<variant>.json`. */
export function editorSchemasOutput(schemas: readonly ValidEditorSchema[], dir: string): OutputRoot {
  const files = new Map<string, string>([[editorSchemaLoaderFile, editorSchemaLoader(schemas)]]);
  for (const schema of schemas) files.set(`${schema.category}/${schema.variant}.json`, jsonText(schema.schema));
  return { dir, files, mode: 'replace' };
}
