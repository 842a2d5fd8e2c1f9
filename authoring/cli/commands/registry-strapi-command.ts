import type { CommandContext } from '../../pipeline/command-context.js';
import type { CommandResult } from '../../pipeline/command-result.js';
import { compileAndEmit } from '../../pipeline/compile-and-emit.js';
import { registriesOutput } from '../../pipeline/outputs.js';

/** `registry:strapi`: validate, then the Strapi registry and schema (`<registries>/strapi.json`, `strapi-schema.json`). */
export function registryStrapiCommand(context: CommandContext, options: { check: boolean }): Promise<CommandResult> {
  return compileAndEmit(context, 'registry:strapi', options.check, (schema, config) => [
    registriesOutput(schema, config, { strapi: true }),
  ]);
}
