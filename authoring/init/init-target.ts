import type { Stats } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import { isInside } from '../source/contained-path.js';

/** What a folder may hold and still count as empty: a repository made by `git init` first. */
const ignoredEntries = new Set(['.git']);

const invalid = (target: string, why: string): AuthoringError =>
  new AuthoringError('init-target-invalid', `${target} ${why}`);

/** The entry at `path` without following a final link; undefined when nothing is there. */
async function entryAt(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    // ENOTDIR: a part of the path is a file (the parent check below says so).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw invalid(path, `cannot be read: ${(error as Error).message}`);
  }
}

/**
 * Checks the folder init writes into (absolute), before anything is written, and says whether it
 * exists. Refused (`init-target-invalid`, exit 2): a file; a symbolic link (give the folder it
 * points to); a missing folder whose parent is missing (init makes one folder, never its parents,
 * so nothing outside it is written); a path inside the working folder `cwd` that leaves it once
 * links are followed. A folder holding anything but `.git` needs `force`
 * (`init-target-not-empty`, exit 2).
 */
export async function checkTarget(target: string, cwd: string, force: boolean): Promise<{ exists: boolean }> {
  if (target.includes('\0')) throw invalid(JSON.stringify(target), 'is not a path (it holds a NUL character)');
  const entry = await entryAt(target);
  if (entry?.isSymbolicLink()) {
    throw invalid(
      target,
      `is a symbolic link (to ${await realpath(target).catch(() => 'nothing')}): give the folder itself`,
    );
  }
  if (entry !== undefined && !entry.isDirectory())
    throw invalid(target, 'is a file, not a folder: give a new or empty folder');
  const parent = dirname(target);
  if (entry === undefined && !(await stat(parent).catch(() => undefined))?.isDirectory()) {
    throw invalid(
      target,
      `cannot be created: its parent ${parent} is not a folder (init creates one folder, never its parents: create them first)`,
    );
  }
  if (isInside(cwd, target)) {
    const real = await realpath(entry === undefined ? parent : target);
    if (!isInside(await realpath(cwd), real)) {
      throw invalid(
        target,
        `leads out of the working folder ${cwd} through a symbolic link (to ${real}): give the real path`,
      );
    }
  }
  if (entry === undefined) return { exists: false };
  const entries = (await readdir(target)).filter((name) => !ignoredEntries.has(name)).sort();
  if (entries.length > 0 && !force) {
    const shown =
      entries.length > 3 ? `${entries.slice(0, 3).join(', ')} and ${entries.length - 3} more` : entries.join(', ');
    throw new AuthoringError(
      'init-target-not-empty',
      `${target} is not empty (${shown}): give a new or empty folder, or add --force to write the template's files beside what is there (nothing is overwritten or deleted)`,
    );
  }
  return { exists: true };
}
