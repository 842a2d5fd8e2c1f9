import { compileModel, sourceHash } from '../model/compile-model.js';
import type { CompiledSchema } from '../model/compiled-schema.js';
import { failure, type Result, success } from '../result.js';
import { validateSchemaPackage } from '../validate/validate-schema-package.js';
import type { CommandContext } from './command-context.js';
import { type CommandResult, failed } from './command-result.js';

/** Validates the package and compiles it, or gives the failed result: every generating command starts here. */
export async function compilePackage(context: CommandContext): Promise<Result<CompiledSchema, CommandResult>> {
  const { files, model, diagnostics } = await validateSchemaPackage(context.root);
  if (diagnostics.length > 0) return failure(failed(diagnostics, 'validation failed, nothing written'));
  return success(compileModel(model, sourceHash(files)));
}
