import { readdir, realpath } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import { maxSourceFileBytes, readPackageText } from './read-package-file.js';
import { SourceFile } from './source-file.js';

/** The folder of the editor schema sources: `src/editor-schemas/<category>/<variant>.json` (spec 4.4 step 11). */
export const editorSchemaSourceDir = 'src/editor-schemas';

/** One editor schema source file: its category and variant from its path, and the file. */
export interface EditorSchemaSource {
  /** The folder name, or undefined when the file does not sit at `<category>/<variant>.json`. */
  readonly category: string | undefined;
  readonly variant: string | undefined;
  readonly file: SourceFile;
}

/**
 * Every `*.json` file below `src/editor-schemas/`, sorted by path. Each is read inside the package
 * (a link out of it is `path-outside-package`), at most 4 MiB, as UTF-8. No folder: none.
 */
export async function readEditorSchemas(root: string): Promise<EditorSchemaSource[]> {
  const entries = await readdir(resolve(root, editorSchemaSourceDir), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  const realRoot = await realpath(root);
  const base = resolve(root, editorSchemaSourceDir);
  const paths = entries
    .filter((entry) => entry.name.endsWith('.json') && !entry.isDirectory())
    .map((entry) => posix.join(editorSchemaSourceDir, posix.relative(base, resolve(entry.parentPath, entry.name))))
    .sort();
  const sources: EditorSchemaSource[] = [];
  for (const path of paths) {
    const read = await readPackageText(root, path, { maxBytes: maxSourceFileBytes, realRoot });
    if (read === undefined) continue;
    const file = read.ok ? new SourceFile(path, read.value) : SourceFile.unreadable(read.error);
    const parts = path.slice(editorSchemaSourceDir.length + 1).split('/');
    const [category, name] = parts.length === 2 ? parts : [];
    sources.push({
      category,
      variant: name?.slice(0, -'.json'.length),
      file,
    });
  }
  return sources;
}
