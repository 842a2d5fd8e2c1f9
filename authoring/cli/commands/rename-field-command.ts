import { AuthoringError } from '../../authoring-error.js';
import { migrationFileName } from '../../generate/strapi/database-migrations.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import { type CommandResult, failed } from '../../pipeline/command-result.js';
import { applyFileChanges } from '../../rename/apply-file-changes.js';
import { withChanges } from '../../rename/plan-component-rename.js';
import { planFieldRename } from '../../rename/plan-field-rename.js';
import { readSchemaPackage } from '../../source/read-schema-package.js';
import { validateFiles } from '../../validate/validate-schema-package.js';
import { componentIdPattern } from './rename-component-command.js';

/**
 * `rename:field --component <id> --old <a> --new <b>` (docs/authoring-strapi-migrations.md): the
 * field becomes `<b>` in the component's source and `<a>` stays as a deprecated field with
 * `renamedTo`, from which generate writes the database migration that copies the stored values.
 * All or nothing, like rename:component: the package must be valid before, the result is validated
 * in memory (a field whose values are not in a column is refused there), and the write is atomic.
 * Variant data and props are the variant's next major's (its migration), not this command's.
 */
export async function renameFieldCommand(
  context: CommandContext,
  options: { componentId: string; oldName: string; newName: string; dryRun: boolean },
): Promise<CommandResult> {
  const { componentId, oldName, newName } = options;
  if (!componentIdPattern.test(componentId)) {
    throw new AuthoringError('usage', `"${componentId}" is not a component id (category.name)`);
  }
  if (oldName === newName) throw new AuthoringError('usage', '--old and --new are the same field');
  const files = await readSchemaPackage(context.root);
  const { model, diagnostics } = validateFiles(files);
  if (diagnostics.length > 0)
    return failed(diagnostics, 'rename:field refused: the package is not valid, nothing changed');
  const component = model.components.find((candidate) => candidate.id === componentId);
  if (component === undefined)
    throw new AuthoringError('rename-unknown-id', `no component has the id "${componentId}"`);
  const old = component.attributes.find((attribute) => attribute.name === oldName);
  if (old === undefined || old.deprecated !== undefined) {
    throw new AuthoringError('rename-unknown-id', `${componentId} has no field "${oldName}" that is not deprecated`);
  }
  if (component.attributes.some((attribute) => attribute.name === newName)) {
    throw new AuthoringError('rename-target-exists', `${componentId} has a field "${newName}" already`);
  }
  const change = planFieldRename(component, oldName, newName);
  const after = validateFiles(withChanges(files, [change]));
  if (after.diagnostics.length > 0) {
    return failed(after.diagnostics, 'rename:field refused: the result would not be valid, nothing changed');
  }
  const migration = `${context.config.cms}/database/migrations/${migrationFileName(componentId, oldName, newName)}`;
  const notes = [
    `${change.path}: "${oldName}" → "${newName}", "${oldName}" kept deprecated (renamedTo "${newName}")`,
    `next: generate (writes ${migration}), a new major of each variant of ${componentId} with its migration, build, publish, migrate-pages, generate --contract`,
  ];
  if (options.dryRun) {
    return { ok: true, diagnostics: [], summary: 'rename:field --dry-run: nothing written', written: [], notes };
  }
  try {
    await applyFileChanges(context.root, [change], context.fs);
  } catch (error) {
    throw new AuthoringError('rename-failed', `rename:field failed, nothing changed: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return {
    ok: true,
    diagnostics: [],
    summary: `rename:field: ${componentId}.${oldName} → ${componentId}.${newName} (1 file written)`,
    written: [change.path],
    notes,
  };
}
