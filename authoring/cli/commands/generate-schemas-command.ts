import type { CommandContext } from '../command-context.js';
import type { CommandResult } from '../command-result.js';
import { compilePackage, isResult } from '../compile-package.js';
import { emitOutputs } from '../emit-outputs.js';
import { cacheOutput, cmsOutputs } from '../outputs.js';

/** `generate:schemas`: validate, then the CMS-ready schema artifacts and the compiled schema cache. */
export async function generateSchemasCommand(
  context: CommandContext,
  options: { check: boolean },
): Promise<CommandResult> {
  const schema = await compilePackage(context);
  if (isResult(schema)) return schema;
  return emitOutputs(
    context,
    [cacheOutput(schema, context.config), ...cmsOutputs(schema, context.config)],
    options.check,
    'generate:schemas',
  );
}
