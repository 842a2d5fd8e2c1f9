import { sortDiagnostics } from '../../diagnostics/diagnostic.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import { type CommandResult, failed } from '../../pipeline/command-result.js';
import { validateEditorSchemas } from '../../validate/validate-editor-schemas.js';
import { validateSchemaPackage } from '../../validate/validate-schema-package.js';
import {
  componentsInDynamicZones,
  knownCategories,
  validateVariantMetas,
} from '../../validate/validate-variant-metas.js';

/**
 * `validate`: the three layers of spec 4.4 over the source files, and the meta.json of every
 * variant package (`<packages>/ui-<variant>/`), and the editor schemas (spec 4.4 step 11); writes nothing.
 */
export async function validateCommand(context: CommandContext): Promise<CommandResult> {
  const { files, model, diagnostics } = await validateSchemaPackage(context.root);
  const metas = await validateVariantMetas(
    context.root,
    context.config.packages,
    knownCategories(files, model),
    componentsInDynamicZones(model),
  );
  const editor = await validateEditorSchemas(context.root, context.config.editorSchemas);
  const all = [...diagnostics, ...metas.diagnostics, ...editor.diagnostics];
  if (all.length > 0) return failed(sortDiagnostics(all), 'validation failed');
  // The variant count only when there are variants: a package without any reads as before.
  const variants = metas.variants === 0 ? '' : `, ${metas.variants} variant${metas.variants === 1 ? '' : 's'}`;
  // Likewise the editor schema count (spec 4.4 step 11).
  const editors = editor.count === 0 ? '' : `, ${editor.count} editor schema${editor.count === 1 ? '' : 's'}`;
  return {
    ok: true,
    diagnostics: [],
    summary: `valid: ${model.components.length} components, ${model.collections.length} collections${variants}${editors}`,
    written: [],
  };
}
