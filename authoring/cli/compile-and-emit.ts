import type { AuthoringConfig } from '../config/authoring-config.js';
import type { OutputRoot } from '../generate/output-root.js';
import type { CompiledSchema } from '../model/compiled-schema.js';
import type { CommandContext } from './command-context.js';
import type { CommandResult } from './command-result.js';
import { compilePackage, isResult } from './compile-package.js';
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
  const schema = await compilePackage(context);
  if (isResult(schema)) return schema;
  return emitOutputs(context, outputs(schema, context.config), check, what);
}
