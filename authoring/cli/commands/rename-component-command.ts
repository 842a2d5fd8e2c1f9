import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AuthoringError } from '../../authoring-error.js';
import { buildComponentLock, serializeComponentLock } from '../../model/component-lock.js';
import { parseSchemaPackage } from '../../parse/parse-schema-package.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import { type CommandResult, failed } from '../../pipeline/command-result.js';
import { applyFileChanges } from '../../rename/apply-file-changes.js';
import {
  type FileChange,
  planComponentRename,
  renamedComponentPath,
  withChanges,
} from '../../rename/plan-component-rename.js';
import { readSchemaPackage } from '../../source/read-schema-package.js';
import { sourceLayout } from '../../source/source-layout.js';
import { validateFiles } from '../../validate/validate-schema-package.js';

/** The pattern of a component id (`category.name`). */
export const componentIdPattern = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

/**
 * `rename:component --old <id> --new <id>` (spec 4.4): renames the component's id, every
 * component(...) and dynamicZone(...) reference and the lock entry, moving the file when it sits
 * at `<category>/<name>.json`. All or nothing: the package must be valid before, the result is
 * validated in memory before anything is written, and the write itself is atomic.
 */
export async function renameComponentCommand(
  context: CommandContext,
  options: { oldId: string; newId: string },
): Promise<CommandResult> {
  const { oldId, newId } = options;
  for (const id of [oldId, newId]) {
    if (!componentIdPattern.test(id))
      throw new AuthoringError('usage', `"${id}" is not a component id (category.name)`);
  }
  if (oldId === newId) throw new AuthoringError('usage', '--old and --new are the same id');
  const files = await readSchemaPackage(context.root);
  const { model, diagnostics } = validateFiles(files);
  if (diagnostics.length > 0)
    return failed(diagnostics, 'rename:component refused: the package is not valid, nothing changed');
  if (!model.components.some((component) => component.id === oldId)) {
    throw new AuthoringError('rename-unknown-id', `no component has the id "${oldId}"`);
  }
  if (model.components.some((component) => component.id === newId)) {
    throw new AuthoringError('rename-target-exists', `a component with the id "${newId}" exists already`);
  }
  const changes: FileChange[] = planComponentRename(model, oldId, newId);
  const renamed = model.components.find((component) => component.id === oldId);
  if (renamed === undefined) throw new Error(`no component ${oldId} after the check`);
  const source = renamed.file.path;
  const destination = renamedComponentPath(source, oldId, newId);
  if (destination !== source && existsSync(join(context.root, destination))) {
    throw new AuthoringError('rename-target-exists', `${destination} exists already`);
  }
  const renamedFiles = withChanges(files, changes);
  const lockText = serializeComponentLock(buildComponentLock(parseSchemaPackage(renamedFiles).model));
  const allChanges = [...changes, { path: sourceLayout.lockFile, text: lockText }];
  const after = validateFiles(withChanges(files, allChanges));
  if (after.diagnostics.length > 0)
    return failed(after.diagnostics, 'rename:component refused: the result would not be valid, nothing changed');
  try {
    await applyFileChanges(context.root, allChanges, context.fs);
  } catch (error) {
    throw new AuthoringError('rename-failed', `rename:component failed, nothing changed: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const removed = allChanges.filter((change) => change.text === undefined).length;
  const written = allChanges.length - removed;
  return {
    ok: true,
    diagnostics: [],
    summary: `rename:component: ${oldId} → ${newId} (${written} files written, ${removed} removed)`,
    written: allChanges.filter((change) => change.text !== undefined).map((change) => change.path),
  };
}
