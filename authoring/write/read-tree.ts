import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** One entry below a folder that is not a folder: a regular file, a symbolic link, or something else (a socket…). */
export interface TreeEntry {
  /** Relative to the folder listed, forward slashes. */
  readonly path: string;
  readonly kind: 'file' | 'link' | 'other';
}

/**
 * Every entry below `dir` but folders, sorted; none when `dir` does not exist. Symbolic links are
 * listed as links, never followed (a link to a folder is not walked into).
 */
export async function listTree(dir: string): Promise<TreeEntry[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  return entries
    .filter((entry) => !entry.isDirectory())
    .map(
      (entry): TreeEntry => ({
        path: relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'),
        kind: entry.isFile() ? 'file' : entry.isSymbolicLink() ? 'link' : 'other',
      }),
    )
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Every regular file below `dir` (path relative to it, forward slashes → its bytes, as they are:
 * a file is compared and copied byte for byte, never decoded); empty when `dir` does not exist.
 */
export async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const files = (await listTree(dir)).filter((entry) => entry.kind === 'file').map((entry) => entry.path);
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(join(dir, file))] as const)));
}
