import type { ObjectNode } from '@humanwhocodes/momoa';
import { type BuilderManifest, type DependencySection, stagingListKey } from './builder-manifest.js';

/** One place of a tracked dependency: its value before and after the sync. */
export interface PinnedDependency {
  readonly name: string;
  readonly section: DependencySection;
  readonly from: string;
  readonly to: string;
}

/** The builder's package.json after the sync, and what changed in it. */
export interface StagingPins {
  /** The new text of the file (byte order mark kept); equal to the old one when nothing changed. */
  readonly text: string;
  readonly changed: boolean;
  /** Every place of every tracked dependency, in name order. */
  readonly dependencies: readonly PinnedDependency[];
  /** Whether `catalogStaging` is added or rewritten. */
  readonly listChanged: boolean;
}

/** The `[start, end)` offsets of a node of the file's syntax tree (SourceFile parses with ranges). */
function rangeOf(node: { readonly range?: readonly [number, number] | undefined }): readonly [number, number] {
  if (node.range === undefined) throw new Error('the syntax tree has no ranges');
  return node.range;
}

interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The whitespace that starts the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** A JSON array of strings laid out as JSON.stringify with an indent does (npm's own layout). */
function formatList(names: readonly string[], indent: string, unit: string, newline: string): string {
  if (names.length === 0) return '[]';
  const items = names.map((name) => `${indent}${unit}${JSON.stringify(name)}`).join(`,${newline}`);
  return `[${newline}${items}${newline}${indent}]`;
}

/**
 * Writes `versions` (name → exact version) over the tracked dependencies of the builder's
 * package.json and keeps `catalogStaging` listing them, by editing only the tokens concerned: the
 * rest of the file keeps its indentation, line endings, key order and byte order mark. A new
 * `catalogStaging` goes last in the object, laid out like the file (one line when the file is one
 * line).
 */
export function pinStagingVersions(manifest: BuilderManifest, versions: ReadonlyMap<string, string>): StagingPins {
  const { file } = manifest;
  const text = file.text;
  const edits: TextEdit[] = [];
  const dependencies: PinnedDependency[] = [];
  const expected = structuredClone(file.data) as Record<string, Record<string, unknown>>;
  for (const { name, places } of manifest.tracked) {
    const version = versions.get(name);
    if (version === undefined) throw new Error(`no staging version for ${name}`);
    for (const { section, value } of places) {
      dependencies.push({ name, section, from: value, to: version });
      if (value === version) continue;
      const node = file.node([section, name]);
      if (node?.type !== 'String' || !node.range)
        throw new Error(`no string value at ${section}/${name} of ${file.path}`);
      edits.push({ start: node.range[0], end: node.range[1], text: JSON.stringify(version) });
      const declared = expected[section];
      if (declared !== undefined) declared[name] = version;
    }
  }

  const names = manifest.tracked.map(({ name }) => name);
  const current = (file.data as Record<string, unknown>)[stagingListKey] as string[] | undefined;
  const listChanged = current === undefined ? names.length > 0 : JSON.stringify(current) !== JSON.stringify(names);
  if (listChanged) {
    const root = file.node([]) as ObjectNode;
    const [rootStart, rootEnd] = rangeOf(root);
    const oneLine = !text.slice(rootStart, rootEnd).includes('\n');
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    const first = root.members[0];
    const memberIndent = first && !oneLine ? lineIndent(text, rangeOf(first)[0]) : '';
    const unit = memberIndent || '  ';
    const list = (indent: string) =>
      oneLine ? JSON.stringify(names) : formatList(names, indent, memberIndent.startsWith('\t') ? '\t' : unit, newline);
    const existing = root.members.find(
      (member) => member.name.type === 'String' && member.name.value === stagingListKey,
    );
    if (existing) {
      const [start, end] = rangeOf(existing.value);
      edits.push({ start, end, text: list(lineIndent(text, rangeOf(existing)[0])) });
    } else {
      const last = root.members.at(-1);
      const member = oneLine
        ? `${JSON.stringify(stagingListKey)}:${list('')}`
        : `${memberIndent || unit}${JSON.stringify(stagingListKey)}: ${list(memberIndent || unit)}`;
      edits.push(
        last
          ? { start: rangeOf(last)[1], end: rangeOf(last)[1], text: oneLine ? `,${member}` : `,${newline}${member}` }
          : {
              start: rootStart + 1,
              end: rootStart + 1,
              text: oneLine ? member : `${newline}${member}${newline}`,
            },
      );
    }
    (expected as Record<string, unknown>)[stagingListKey] = names;
  }

  let result = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  // The edits touch tokens only; the parsed result must be exactly the intended data.
  if (JSON.stringify(JSON.parse(result)) !== JSON.stringify(expected)) {
    throw new Error(`editing ${file.path} did not give the intended JSON`);
  }
  return {
    text: (manifest.bom ? '\ufeff' : '') + result,
    changed: edits.length > 0,
    dependencies,
    listChanged,
  };
}
