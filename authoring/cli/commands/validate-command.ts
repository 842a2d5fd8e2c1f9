import { validateSchemaPackage } from '../../validate/validate-schema-package.js';
import type { CommandContext } from '../command-context.js';
import { type CommandResult, failed } from '../command-result.js';

/** `validate`: the three layers of spec 4.4 over the source files; writes nothing. */
export async function validateCommand(context: CommandContext): Promise<CommandResult> {
  const { model, diagnostics } = await validateSchemaPackage(context.root);
  if (diagnostics.length > 0) return failed(diagnostics, 'validation failed');
  return {
    ok: true,
    diagnostics: [],
    summary: `valid: ${model.components.length} components, ${model.collections.length} collections`,
    written: [],
  };
}
