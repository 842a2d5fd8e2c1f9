import type { CommandContext } from '../command-context.js';
import type { CommandResult } from '../command-result.js';
import { compilePackage, isResult } from '../compile-package.js';
import { emitOutputs } from '../emit-outputs.js';
import { cacheOutput, cmsOutputs, registriesOutput, typesOutput } from '../outputs.js';

/** `generate`: validate, then every output at once (cache, CMS, types, both registries), atomically. */
export async function generateCommand(context: CommandContext, options: { check: boolean }): Promise<CommandResult> {
  const schema = await compilePackage(context);
  if (isResult(schema)) return schema;
  const { config } = context;
  return emitOutputs(
    context,
    [
      cacheOutput(schema, config),
      ...cmsOutputs(schema, config),
      typesOutput(schema, config),
      registriesOutput(schema, config, { strapi: true, global: true }),
    ],
    options.check,
    'generate',
  );
}
