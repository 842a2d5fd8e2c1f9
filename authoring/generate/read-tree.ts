import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Every file below `dir` (paths relative to it, forward slashes), sorted; none when it does not exist. */
export async function listTree(dir: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** Every file below `dir` (path relative to it, forward slashes → content); empty when it does not exist. */
export async function readTree(dir: string): Promise<Map<string, string>> {
  const files = await listTree(dir);
  const contents = await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')));
  return new Map(files.map((file, position) => [file, contents[position]!]));
}
