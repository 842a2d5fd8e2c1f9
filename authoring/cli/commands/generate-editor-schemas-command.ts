import { sortDiagnostics } from '../../diagnostics/diagnostic.js';
import { editorSchemasOutput } from '../../generate/editor-schema-loader.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import { type CommandResult, failed } from '../../pipeline/command-result.js';
import { emitOutputs } from '../../pipeline/emit-outputs.js';
import { validateEditorSchemas } from '../../validate/validate-editor-schemas.js';

/**
 * `generate:editor-schemas` (spec 4.4 step 11): checks every editor schema under
 * `src/editor-schemas/`, then writes the loader map and the schemas to `<editorSchemas>`
 * atomically; any failure writes nothing. `--dry-run` checks and writes nothing.
 */
export async function generateEditorSchemasCommand(
  context: CommandContext,
  options: { check: boolean; dryRun: boolean },
): Promise<CommandResult> {
  const { schemas, diagnostics } = await validateEditorSchemas(context.root, context.config.editorSchemas);
  if (diagnostics.length > 0) return failed(sortDiagnostics(diagnostics), 'editor schemas invalid, nothing written');
  const output = editorSchemasOutput(schemas, context.config.editorSchemas);
  if (options.dryRun) {
    const count = output.files.size;
    return {
      ok: true,
      diagnostics: [],
      summary: `generate:editor-schemas: would write ${count === 1 ? '1 file' : `${count} files`} (dry run)`,
      written: [],
    };
  }
  return emitOutputs(context, [output], options.check, 'generate:editor-schemas');
}
