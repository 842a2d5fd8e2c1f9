import type { AuthoringConfig } from '../config/authoring-config.js';
import type { OutputRoot } from '../generate/output-root.js';
import type { CompiledSchema } from '../model/compiled-schema.js';
import type { CommandContext } from './command-context.js';
import type { CommandResult } from './command-result.js';
import { compilePackage } from './compile-package.js';
import { emitOutputs } from './emit-outputs.js';
import { guardStoredFields, type StoredFieldOptions } from './stored-fields.js';

/** What a run without `--contract` tells the guard: nothing is contracted, so the probe is never asked. */
const keepDeprecated: StoredFieldOptions = {
  contract: false,
  probe: () => Promise.reject(new Error('no stored-field probe outside generate --contract')),
};

/**
 * The shape of every generating command: validate and compile the package (stop with the
 * failures), check it against the stored fields of the last output (guardStoredFields: an
 * undeclared removal or retype stops here, before anything is written), build the outputs from
 * the compiled schema, write them (or `--check` them).
 */
export async function compileAndEmit(
  context: CommandContext,
  what: string,
  check: boolean,
  outputs: (schema: CompiledSchema, config: AuthoringConfig) => OutputRoot[],
  stored: StoredFieldOptions = keepDeprecated,
): Promise<CommandResult> {
  const compiled = await compilePackage(context);
  if (!compiled.ok) return compiled.error;
  const schema = await guardStoredFields(context, compiled.value, stored);
  return emitOutputs(context, outputs(schema, context.config), check, what);
}
