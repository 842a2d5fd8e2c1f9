import { posix } from 'node:path';
import { AuthoringError } from '../../authoring-error.js';
import { sourceHash } from '../../model/compile-model.js';
import { type CompiledSchema, compiledSchemaFormat } from '../../model/compiled-schema.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import { emitOutputs } from '../../pipeline/emit-outputs.js';
import { compiledSchemaFile, typesOutput } from '../../pipeline/outputs.js';
import { readPackageText } from '../../source/read-package-file.js';
import { readSchemaPackage } from '../../source/read-schema-package.js';

/** Reads the compiled schema cache; it must exist, have our format and match the current sources. */
async function readCache(context: CommandContext): Promise<CompiledSchema> {
  const path = posix.join(context.config.cache, compiledSchemaFile);
  let schema: CompiledSchema;
  try {
    const read = await readPackageText(context.root, path, { outside: 'allow' });
    if (read === undefined || !read.ok) throw new Error(read ? read.error.message : 'no such file');
    schema = JSON.parse(read.value) as CompiledSchema;
  } catch (error) {
    throw new AuthoringError('cache-missing', `cannot read the compiled schema cache ${path}: run generate first`, {
      cause: error,
    });
  }
  if (schema.format !== compiledSchemaFormat) {
    throw new AuthoringError('cache-stale', `${path} was written by another version of catalog-schema: run generate`);
  }
  if (schema.sourceHash !== sourceHash(await readSchemaPackage(context.root))) {
    throw new AuthoringError('cache-stale', `the sources changed since ${path} was written: run generate`);
  }
  return schema;
}

/**
 * `generate:types`: TypeScript interfaces and the category list (for the scaffold generator) from
 * the compiled schema cache that generate writes (spec 4.4).
 */
export async function generateTypesCommand(
  context: CommandContext,
  options: { check: boolean },
): Promise<CommandResult> {
  const schema = await readCache(context);
  return emitOutputs(context, [typesOutput(schema, context.config)], options.check, 'generate:types');
}
