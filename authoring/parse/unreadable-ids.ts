import { posix } from 'node:path';
import type { SourceFile } from '../source/source-file.js';
import { sourceLayout } from '../source/source-layout.js';

/**
 * The ids that source files which could not be read into the model (not JSON, or no valid id)
 * may stand for, so that references to them are not reported as unknown on top of the file's
 * own error: the id the file's path implies (`components/<category>/<name>.json` →
 * `category.name`, `collections/<id>.json` → `id`) and an `"id"` written in its text.
 */
export interface UnreadableIds {
  readonly components: ReadonlySet<string>;
  readonly collections: ReadonlySet<string>;
  /** Paths of the unreadable component files (what the lock's `file` entries name, below src/source/). */
  readonly componentFiles: ReadonlySet<string>;
}

/** An `"id": "…"` in a text that may not parse (the first one). */
function writtenId(file: SourceFile): string | undefined {
  const data = file.data as { id?: unknown } | undefined;
  if (typeof data?.id === 'string') return data.id;
  return /"id"\s*:\s*"([^"\\]*)"/.exec(file.text)?.[1];
}

/** The ids unreadable component and collection files may stand for. */
export function unreadableIds(components: readonly SourceFile[], collections: readonly SourceFile[]): UnreadableIds {
  const componentIds = new Set<string>();
  const componentFiles = new Set<string>();
  for (const file of components) {
    const relative = file.path.slice(sourceLayout.componentsDir.length + 1).replace(/\.json$/, '');
    componentIds.add(relative.split('/').slice(-2).join('.'));
    componentFiles.add(file.path.slice('src/source/'.length));
    const id = writtenId(file);
    if (id !== undefined) componentIds.add(id);
  }
  const collectionIds = new Set<string>();
  for (const file of collections) {
    collectionIds.add(posix.basename(file.path).replace(/\.json$/, ''));
    const id = writtenId(file);
    if (id !== undefined) collectionIds.add(id);
  }
  return { components: componentIds, collections: collectionIds, componentFiles };
}
