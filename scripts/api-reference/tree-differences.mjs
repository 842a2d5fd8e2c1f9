// Compares two folders file by file: what the check of the API reference reports when the
// committed docs/reference/ is not what the code generates (docs/reference.md).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every file under `folder`, as paths relative to it with forward slashes, sorted.
 *
 * @param {string} folder
 * @returns {string[]}
 */
function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/**
 * How `committed` differs from `generated`: one line per file, `changed: <path>` (both have it,
 * with other bytes), `missing: <path>` (generated, not committed) or `extra: <path>` (committed,
 * no longer generated), sorted by path. Empty when the folders agree.
 *
 * @param {string} generated
 * @param {string} committed
 * @returns {string[]}
 */
export function treeDifferences(generated, committed) {
  const generatedFiles = filesUnder(generated);
  const committedFiles = new Set(filesUnder(committed));
  const differences = [];
  for (const file of generatedFiles) {
    if (!committedFiles.has(file)) differences.push({ file, line: `missing: ${file}` });
    else if (!readFileSync(join(generated, file)).equals(readFileSync(join(committed, file)))) {
      differences.push({ file, line: `changed: ${file}` });
    }
    committedFiles.delete(file);
  }
  for (const file of committedFiles) differences.push({ file, line: `extra: ${file}` });
  return differences.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)).map(({ line }) => line);
}
