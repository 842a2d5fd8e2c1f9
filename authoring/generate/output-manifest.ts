import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { jsonText } from './json-text.js';
import type { OutputRoot } from './output-root.js';
import { listTree } from './read-tree.js';

/** The manifest's file name in the cache folder: which files each owned folder got, last time. */
export const outputManifestFile = 'outputs.json';

/** Files that may sit in an owned folder without being ours (a fresh Strapi app has them). */
const tolerated = new Set(['.gitkeep']);

type Manifest = Record<string, readonly string[]>;

async function readManifest(root: string, cacheDir: string): Promise<Manifest> {
  try {
    const data = JSON.parse(await readFile(join(root, cacheDir, outputManifestFile), 'utf8')) as { folders?: Manifest };
    return data.folders ?? {};
  } catch {
    return {};
  }
}

/**
 * Guards the folders generate replaces: a file there that this run does not write and that no
 * earlier run wrote (per the manifest) is someone's own work, so nothing is written and each such
 * file is reported (`output-foreign`). Returns the outputs with the new manifest added to the cache
 * folder (entries of folders this run does not write are kept).
 */
export async function guardOwnedFolders(
  root: string,
  cacheDir: string,
  outputs: readonly OutputRoot[],
): Promise<{ outputs: OutputRoot[]; foreign: Diagnostic[] }> {
  const previous = await readManifest(root, cacheDir);
  const foreign: Diagnostic[] = [];
  const folders: Record<string, readonly string[]> = { ...previous };
  for (const output of outputs) {
    if (output.mode !== 'replace') continue;
    const known = new Set(previous[output.dir] ?? []);
    for (const file of await listTree(join(root, output.dir))) {
      const ours =
        output.files.has(file) || known.has(file) || (output.dir === cacheDir && file === outputManifestFile);
      if (ours || tolerated.has(posix.basename(file))) continue;
      foreign.push({
        path: posix.join(output.dir, file),
        line: 1,
        column: 1,
        code: 'output-foreign',
        message: `not written by catalog-schema, and ${output.dir} is a folder generate replaces: move it elsewhere`,
      });
    }
    folders[output.dir] = [...output.files.keys()].sort();
  }
  const sorted = Object.fromEntries(Object.entries(folders).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const withManifest = outputs.map((output) =>
    output.dir === cacheDir
      ? { ...output, files: new Map([...output.files, [outputManifestFile, jsonText({ folders: sorted })]]) }
      : output,
  );
  return { outputs: withManifest, foreign };
}
