import type { CommandContext } from '../command-context.js';
import type { CommandResult } from '../command-result.js';
import { compilePackage, isResult } from '../compile-package.js';
import { emitOutputs } from '../emit-outputs.js';
import { registriesOutput } from '../outputs.js';

/** `registry:strapi`: validate, then the Strapi registry (`<registries>/strapi.json`). */
export async function registryStrapiCommand(
  context: CommandContext,
  options: { check: boolean },
): Promise<CommandResult> {
  const schema = await compilePackage(context);
  if (isResult(schema)) return schema;
  return emitOutputs(
    context,
    [registriesOutput(schema, context.config, { strapi: true })],
    options.check,
    'registry:strapi',
  );
}
