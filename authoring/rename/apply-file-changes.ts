import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { OutputFileSystem } from '../generate/output-file-system.js';
import type { FileChange } from './plan-component-rename.js';

interface Committed {
  readonly target: string;
  readonly before: string | undefined;
}

/** The outermost folder of `dir` (below `root`) that does not exist yet, or undefined. */
function firstMissingFolder(root: string, dir: string): string | undefined {
  let missing: string | undefined;
  for (let current = dir; current.length > root.length && !existsSync(current); current = dirname(current))
    missing = current;
  return missing;
}

/**
 * Applies file changes all or nothing: every new text is first written to a temporary file beside
 * its target; only then are they renamed into place and removed files deleted. If anything fails,
 * the files already replaced get their previous text back, and the temporary files and the folders
 * made for new files are removed.
 */
export async function applyFileChanges(
  root: string,
  changes: readonly FileChange[],
  fs: OutputFileSystem,
): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  const staged: { change: FileChange; target: string; temp: string }[] = [];
  const committed: Committed[] = [];
  const createdFolders: string[] = [];
  try {
    for (const change of changes) {
      const target = join(root, change.path);
      if (change.text === undefined) {
        staged.push({ change, target, temp: '' });
        continue;
      }
      const temp = `${target}.catalog-schema-tmp-${tag}`;
      staged.push({ change, target, temp });
      const folder = firstMissingFolder(root, dirname(target));
      if (folder) {
        await fs.mkdir(dirname(target), { recursive: true });
        createdFolders.push(folder);
      }
      await fs.writeFile(temp, change.text);
    }
    for (const { change, target, temp } of staged) {
      const before = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
      if (change.text === undefined) {
        await fs.rm(target, { recursive: true, force: true });
      } else {
        await fs.rename(temp, target);
      }
      committed.push({ target, before });
    }
  } catch (error) {
    for (const { target, before } of committed.reverse()) {
      if (before === undefined) await fs.rm(target, { recursive: true, force: true });
      else await fs.writeFile(target, before);
    }
    for (const { temp } of staged) if (temp) await fs.rm(temp, { recursive: true, force: true });
    for (const folder of createdFolders.reverse()) await fs.rm(folder, { recursive: true, force: true });
    throw error;
  }
}
