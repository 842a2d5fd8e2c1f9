import { compileModel, sourceHash } from '../model/compile-model.js';
import type { CompiledSchema } from '../model/compiled-schema.js';
import { validateSchemaPackage } from '../validate/validate-schema-package.js';
import type { CommandContext } from './command-context.js';
import { type CommandResult, failed } from './command-result.js';

/** Validates the package and compiles it, or returns the failed result: every generating command starts here. */
export async function compilePackage(context: CommandContext): Promise<CompiledSchema | CommandResult> {
  const { files, model, diagnostics } = await validateSchemaPackage(context.root);
  if (diagnostics.length > 0) return failed(diagnostics, 'validation failed, nothing written');
  return compileModel(model, sourceHash(files));
}

/** Tells a compiled schema from a failed result. */
export function isResult(value: CompiledSchema | CommandResult): value is CommandResult {
  return 'ok' in value;
}
