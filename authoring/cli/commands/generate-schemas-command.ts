import type { CommandContext } from '../../pipeline/command-context.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import { compileAndEmit } from '../../pipeline/compile-and-emit.js';
import { cacheOutput, cmsOutputs } from '../../pipeline/outputs.js';

/** `generate:schemas`: validate, then the CMS-ready schema artifacts and the compiled schema cache. */
export function generateSchemasCommand(context: CommandContext, options: { check: boolean }): Promise<CommandResult> {
  return compileAndEmit(context, 'generate:schemas', options.check, (schema, config) => [
    cacheOutput(schema, config),
    ...cmsOutputs(schema, config),
  ]);
}
