import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { variantPattern } from '../model/variant-package.js';
import { type EditorSchemaSource, editorSchemaSourceDir, readEditorSchemas } from '../source/read-editor-schemas.js';
import { validateEditorSchema } from './validate-editor-schema.js';

/** An editor schema that passed every rule: its loader key is `<category>:<variant>`. */
export interface ValidEditorSchema {
  readonly category: string;
  readonly variant: string;
  /** The parsed schema, as the loader map's JSON module holds it. */
  readonly schema: unknown;
}

/** The editor schemas checked: those that passed, and every failure (unsorted). */
export interface ValidatedEditorSchemas {
  readonly count: number;
  readonly schemas: readonly ValidEditorSchema[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Every editor schema below `src/editor-schemas/` (spec 4.4 step 11): placed at
 * `<category>/<variant>.json` with names of lowercase letters, digits and `-`; one file per
 * variant: a second one, in another category, is refused naming the first, where the first is the
 * one already in the loader map under `outputDir` (an already supported variant), else the first by path;
 * and the shape rules of validateEditorSchema. All failures are reported at once.
 */
export async function validateEditorSchemas(root: string, outputDir: string): Promise<ValidatedEditorSchemas> {
  const sources = await readEditorSchemas(root);
  const diagnostics: Diagnostic[] = [];
  const schemas: ValidEditorSchema[] = [];
  const firstByVariant = new Map<string, string>();
  // The variants already supported (in the loader map written before) keep their schema: it is
  // claimed first, and a new file for the same variant elsewhere is the one refused.
  for (const source of sources) {
    const { category, variant } = source;
    if (category === undefined || variant === undefined || firstByVariant.has(variant)) continue;
    if (await isFile(resolve(root, outputDir, category, `${variant}.json`)))
      firstByVariant.set(variant, source.file.path);
  }
  for (const source of sources) {
    const found = check(source, firstByVariant);
    diagnostics.push(...found);
    // check() reports a schema that is not at <category>/<variant>.json.
    const { category, variant } = source;
    if (found.length === 0 && category !== undefined && variant !== undefined)
      schemas.push({ category, variant, schema: source.file.data });
  }
  return { count: sources.length, schemas, diagnostics };
}

function check({ category, variant, file }: EditorSchemaSource, firstByVariant: Map<string, string>): Diagnostic[] {
  if (file.syntaxError) return [file.syntaxError];
  const found: Diagnostic[] = [...file.duplicateKeys()];
  if (
    category === undefined ||
    variant === undefined ||
    !variantPattern.test(category) ||
    !variantPattern.test(variant)
  ) {
    found.push(
      file.diagnostic(
        [],
        'editor-schema-path-invalid',
        `an editor schema sits at ${editorSchemaSourceDir}/<category>/<variant>.json (lowercase letters, digits and -)`,
      ),
    );
  } else {
    const first = firstByVariant.get(variant);
    if (first === undefined) firstByVariant.set(variant, file.path);
    else if (first !== file.path)
      found.push(
        file.diagnostic(
          [],
          'editor-schema-duplicate',
          `variant ${variant} already has its editor schema in ${first}: one editor schema per variant`,
        ),
      );
  }
  found.push(...validateEditorSchema(file));
  return found;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}
