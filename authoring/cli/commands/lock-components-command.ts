import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { buildComponentLock, serializeComponentLock } from '../../model/component-lock.js';
import type { CommandContext } from '../../pipeline/command-context.js';
import { type CommandResult, failed } from '../../pipeline/command-result.js';
import { unreadableFileCodes } from '../../source/read-package-file.js';
import { readSchemaPackage } from '../../source/read-schema-package.js';
import { sourceLayout } from '../../source/source-layout.js';
import { validateFiles } from '../../validate/validate-schema-package.js';

function lockedIds(data: unknown): string[] {
  const components = (data as { components?: unknown } | undefined)?.components;
  return typeof components === 'object' && components !== null ? Object.keys(components) : [];
}

/**
 * `lock:components`: rewrites component-ids.lock.json from the component files (spec 4.4). It
 * refuses while a component file cannot be read for its id, a source file cannot be read at all,
 * or two files share an id; other
 * validation failures do not stop it. The file is replaced atomically (temp file, rename).
 */
export async function lockComponentsCommand(
  context: CommandContext,
  options: { check: boolean },
): Promise<CommandResult> {
  const files = await readSchemaPackage(context.root);
  const { model, diagnostics } = validateFiles(files);
  const parsed = new Set(model.components.map((component) => component.file.path));
  const unreadable = new Set(files.components.filter((file) => !parsed.has(file.path)).map((file) => file.path));
  // A file that cannot be read at all (a folder, not UTF-8, a link out of the package…) blocks too,
  // wherever it is: the lock would be written without the ids it may hold, or over it.
  const blocking = diagnostics.filter(
    (diagnostic) =>
      diagnostic.code === 'component-id-duplicate' ||
      unreadable.has(diagnostic.path) ||
      unreadableFileCodes.has(diagnostic.code),
  );
  if (blocking.length > 0) return failed(blocking, 'lock:components failed, lock unchanged');
  const lock = buildComponentLock(model);
  const text = serializeComponentLock(lock);
  const before = new Set(lockedIds(files.lock?.data));
  const after = Object.keys(lock.components);
  const added = after.filter((id) => !before.has(id));
  const removed = [...before].filter((id) => !(id in lock.components));
  const changes = [
    added.length > 0 ? `added ${added.join(', ')}` : '',
    removed.length > 0 ? `removed ${removed.join(', ')}` : '',
  ]
    .filter((part) => part !== '')
    .join('; ');
  if (files.lock?.text === text) {
    return { ok: true, diagnostics: [], summary: `lock:components: ${after.length} ids, up to date`, written: [] };
  }
  if (options.check) {
    const diagnostic = {
      path: sourceLayout.lockFile,
      line: 1,
      column: 1,
      code: files.lock ? 'output-outdated' : 'output-missing',
      message: `out of date${changes ? ` (${changes})` : ''}: run lock:components`,
    } as const;
    return failed([diagnostic], 'lock:components out of date');
  }
  const target = join(context.root, sourceLayout.lockFile);
  const temp = `${target}.catalog-schema-tmp-${randomBytes(4).toString('hex')}`;
  await context.fs.mkdir(dirname(target), { recursive: true });
  try {
    await context.fs.writeFile(temp, text);
    await context.fs.rename(temp, target);
  } finally {
    await context.fs.rm(temp, { recursive: true, force: true });
  }
  return {
    ok: true,
    diagnostics: [],
    summary: `lock:components: ${after.length} ids locked${changes ? ` (${changes})` : ''}`,
    written: [sourceLayout.lockFile],
  };
}
