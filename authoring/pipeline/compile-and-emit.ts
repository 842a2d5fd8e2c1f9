import type { AuthoringConfig } from '../config/authoring-config.js';
import type { OutputRoot } from '../generate/output-root.js';
import type { CompiledSchema } from '../model/compiled-schema.js';
import type { CommandContext } from './command-context.js';
import type { CommandResult } from './command-result.js';
import { compilePackage } from './compile-package.js';
import { emitOutputs } from './emit-outputs.js';

/**
 * The shape of every generating command: validate and compile the package (stop with the
 * failures), build the outputs from the compiled schema, write them (or `--check` them).
 */
export async function compileAndEmit(
  context: CommandContext,
  what: string,
  check: boolean,
  outputs: (schema: CompiledSchema, config: AuthoringConfig) => OutputRoot[],
): Promise<CommandResult> {
  const compiled = await compilePackage(context);
  if (!compiled.ok) return compiled.error;
  return emitOutputs(context, outputs(compiled.value, context.config), check, what);
}
