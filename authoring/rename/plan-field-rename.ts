import type { Attribute } from '../model/attribute.js';
import type { ComponentModel } from '../model/canonical-model.js';
import type { JsonPath, SourceFile } from '../source/source-file.js';
import type { FileChange } from './plan-component-rename.js';

interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

function rangeOf(file: SourceFile, path: JsonPath, target: 'key' | 'value'): readonly [number, number] {
  const range = file.node(path, target)?.range;
  if (range === undefined) throw new Error(`no ${target} at ${path.join('/')} of ${file.path}`);
  return range;
}

/** The whitespace that starts the line `offset` is on (the indentation of a member). */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/** The deprecated entry that keeps `old`'s stored values: its type (and enum values), renamed to `newName`. */
function deprecatedEntry(old: Attribute, newName: string): string {
  const members: [string, unknown][] = [['type', old.type]];
  if (old.type === 'enumeration') members.push(['enum', old.enum]);
  members.push(['deprecated', true], ['renamedTo', newName]);
  const value = (item: unknown) =>
    Array.isArray(item) ? `[${item.map((element) => JSON.stringify(element)).join(', ')}]` : JSON.stringify(item);
  return `{ ${members.map(([key, item]) => `${JSON.stringify(key)}: ${value(item)}`).join(', ')} }`;
}

/**
 * The text change of renaming `oldName` to `newName` in `component` (rename:field): the field's key
 * becomes `newName` (its value, form and options as written), an entry after it keeps `oldName`
 * deprecated with `renamedTo` (Strapi keeps the column and the stored values; generate writes the
 * database migration that copies them), and an earlier deprecated field renamed to `oldName` now
 * names `newName`, so every renamedTo names a live field. Edits replace or insert tokens only: the
 * rest of the file keeps its formatting. The caller has checked both names.
 */
export function planFieldRename(component: ComponentModel, oldName: string, newName: string): FileChange {
  const old = component.attributes.find((attribute) => attribute.name === oldName);
  if (old === undefined) throw new Error(`no field ${oldName} in ${component.id}`);
  const { file, path } = old.source;
  const [keyStart, keyEnd] = rangeOf(file, path, 'key');
  const valueEnd = rangeOf(file, path, 'value')[1];
  const edits: TextEdit[] = [
    { start: keyStart, end: keyEnd, text: JSON.stringify(newName) },
    {
      start: valueEnd,
      end: valueEnd,
      text: `,\n${indentAt(file.text, keyStart)}${JSON.stringify(oldName)}: ${deprecatedEntry(old, newName)}`,
    },
  ];
  for (const attribute of component.attributes) {
    if (attribute.deprecated?.renamedTo !== oldName) continue;
    const [start, end] = rangeOf(attribute.source.file, [...attribute.source.path, 'renamedTo'], 'value');
    edits.push({ start, end, text: JSON.stringify(newName) });
  }
  let text = file.text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  }
  return { path: file.path, text };
}
