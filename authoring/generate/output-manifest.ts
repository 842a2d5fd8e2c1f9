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

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Guards the folders generate replaces: a file there that no earlier run wrote (per the manifest)
 * is someone's own work, unless it is byte for byte what this run writes at that path (adopted);
 * for any other, nothing is written and each such file is reported (`output-foreign`). Returns the outputs with the new manifest added to the cache
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
      const ours = known.has(file) || (output.dir === cacheDir && file === outputManifestFile);
      if (ours || tolerated.has(posix.basename(file))) continue;
      const planned = output.files.get(file);
      // A file at a path this run writes, that no earlier run wrote (a first run, or a lost
      // manifest): adopted only when it already holds exactly what would be written; otherwise it
      // is someone's own version of that file and is never overwritten.
      if (planned !== undefined && (await readText(join(root, output.dir, file))) === planned) continue;
      foreign.push({
        path: posix.join(output.dir, file),
        line: 1,
        column: 1,
        code: 'output-foreign',
        message:
          planned === undefined
            ? `not written by catalog-schema, and ${output.dir} is a folder generate replaces: move it elsewhere`
            : `not written by catalog-schema and differs from what generate writes there: move it elsewhere`,
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
