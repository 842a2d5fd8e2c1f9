import type { CommandContext } from '../../pipeline/command-context.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import { compileAndEmit } from '../../pipeline/compile-and-emit.js';
import { cacheOutput, cmsOutputs, registriesOutput, typesOutput } from '../../pipeline/outputs.js';

/** `generate`: validate, then every output at once (cache, CMS, types, both registries), atomically. */
export function generateCommand(context: CommandContext, options: { check: boolean }): Promise<CommandResult> {
  return compileAndEmit(context, 'generate', options.check, (schema, config) => [
    cacheOutput(schema, config),
    ...cmsOutputs(schema, config),
    typesOutput(schema, config),
    registriesOutput(schema, config, { strapi: true, global: true }),
  ]);
}
