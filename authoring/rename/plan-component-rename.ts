import type { Attribute } from '../model/attribute.js';
import type { CanonicalModel } from '../model/canonical-model.js';
import type { SchemaPackageFiles } from '../source/schema-package-files.js';
import { type JsonPath, SourceFile } from '../source/source-file.js';
import { sourceLayout } from '../source/source-layout.js';

/** One file to write (`text`) or remove (`text` undefined), relative to the package root. */
export interface FileChange {
  readonly path: string;
  readonly text: string | undefined;
}

interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Renames `oldId` among the comma-separated arguments of a shorthand, keeping its spacing. */
function renameInShorthand(text: string, oldId: string, newId: string): string {
  return text.replace(/\((.*)\)/s, (_match, inner: string) => {
    const parts = inner.split(',').map((part) => (part.trim() === oldId ? part.replace(oldId, newId) : part));
    return `(${parts.join(',')})`;
  });
}

function stringEdit(file: SourceFile, path: JsonPath, text: string): TextEdit {
  const node = file.node(path);
  if (!node?.range) throw new Error(`no value at ${path.join('/')} of ${file.path}`);
  return { start: node.range[0], end: node.range[1], text: JSON.stringify(text) };
}

function referenceEdits(attribute: Attribute, oldId: string, newId: string): TextEdit[] {
  const { file, path, form } = attribute.source;
  const referenced =
    (attribute.type === 'component' && attribute.component === oldId) ||
    (attribute.type === 'dynamiczone' && attribute.components.includes(oldId));
  if (!referenced) return [];
  if (form === 'shorthand')
    return [stringEdit(file, path, renameInShorthand(String(attribute.source.file.valueAt(path)), oldId, newId))];
  if (attribute.type === 'component') return [stringEdit(file, [...path, 'component'], newId)];
  const ids = attribute.type === 'dynamiczone' ? attribute.components : [];
  return ids.flatMap((id, position) =>
    id === oldId ? [stringEdit(file, [...path, 'components', position], newId)] : [],
  );
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

/** Where the renamed component's file goes: moved when it sits at the conventional `<category>/<name>.json`. */
export function renamedComponentPath(path: string, oldId: string, newId: string): string {
  const conventional = (id: string) => `${sourceLayout.componentsDir}/${id.replace('.', '/')}.json`;
  return path === conventional(oldId) ? conventional(newId) : path;
}

/**
 * The text changes of renaming component `oldId` to `newId` (spec 4.4 rename:component): its
 * `id`, every component(...) and dynamicZone(...) reference (shorthand and object form), and the
 * file's place when it follows `<category>/<name>.json`. Edits replace only the string tokens
 * concerned, so the rest of each file keeps its formatting. The lock is the caller's to rewrite.
 */
export function planComponentRename(model: CanonicalModel, oldId: string, newId: string): FileChange[] {
  const edits = new Map<SourceFile, TextEdit[]>();
  const add = (file: SourceFile, list: TextEdit[]) => {
    if (list.length > 0) edits.set(file, [...(edits.get(file) ?? []), ...list]);
  };
  const renamed = model.components.find((component) => component.id === oldId);
  // rename:component checks the id first (rename-unknown-id).
  if (renamed === undefined) throw new Error(`no component has the id ${oldId}`);
  add(renamed.file, [stringEdit(renamed.file, ['id'], newId)]);
  for (const owner of [...model.components, ...model.collections]) {
    for (const attribute of owner.attributes) add(attribute.source.file, referenceEdits(attribute, oldId, newId));
  }
  const changes: FileChange[] = [];
  for (const [file, list] of edits) {
    const text = applyEdits(file.text, list);
    const path = file === renamed.file ? renamedComponentPath(file.path, oldId, newId) : file.path;
    changes.push({ path, text });
    if (path !== file.path) changes.push({ path: file.path, text: undefined });
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `files` with `changes` applied, for validating the result before anything is written. */
export function withChanges(files: SchemaPackageFiles, changes: readonly FileChange[]): SchemaPackageFiles {
  const make = (path: string, text: string) => new SourceFile(path, text);
  const byPath = new Map(changes.map((change) => [change.path, change.text]));
  const update = (list: readonly SourceFile[], dir: string) => {
    const kept = list.filter((file) => !byPath.has(file.path));
    const added = changes.flatMap((change) =>
      change.text !== undefined && change.path.startsWith(`${dir}/`) ? [make(change.path, change.text)] : [],
    );
    return [...kept, ...added].sort((a, b) => (a.path < b.path ? -1 : 1));
  };
  const lockText = byPath.get(sourceLayout.lockFile);
  return {
    ...files,
    components: update(files.components, sourceLayout.componentsDir),
    collections: update(files.collections, sourceLayout.collectionsDir),
    lock: lockText !== undefined ? make(sourceLayout.lockFile, lockText) : files.lock,
  };
}
