import type { CommandContext } from '../command-context.js';
import type { CommandResult } from '../command-result.js';
import { compileAndEmit } from '../compile-and-emit.js';
import { cacheOutput, cmsOutputs } from '../outputs.js';

/** `generate:schemas`: validate, then the CMS-ready schema artifacts and the compiled schema cache. */
export function generateSchemasCommand(context: CommandContext, options: { check: boolean }): Promise<CommandResult> {
  return compileAndEmit(context, 'generate:schemas', options.check, (schema, config) => [
    cacheOutput(schema, config),
    ...cmsOutputs(schema, config),
  ]);
}
