import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Code and docs cite the specification as "spec 4.2", and it lives in the repository
// (docs/spec.md, with docs/design.md) so that whoever clones it can follow a citation. This test
// keeps every citation pointing at a heading of docs/spec.md, every named docs/<name>.md present,
// and no path into a folder beside the repository. It also holds the rules of docs/writing.md
// that a machine can check: notes of at most 300 lines, and no issue numbers as labels.

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const SPEC_FILE = 'docs/spec.md';
const CITING_FILE = /\.(ts|tsx|mjs|js|md)$/;
/** "spec 4.2", "Spec 3", and the numbers listed after one: "spec 4.2, 5, 7", "spec 4.2 and 9". */
const SPEC_CITATION = /\bspec (\d+(?:\.\d+)*(?:(?:, | and )\d+(?:\.\d+)*)*)/gi;
/** "## 7. Errors", "### 4.4 Authoring workflow": the section number of a heading. */
const SECTION_HEADING = /^#{2,3} (\d+(?:\.\d+)*)\.?\s/gm;
/**
 * Paths into the folder beside the repository: a relative path that starts by leaving the
 * repository (`../shared/…`, not the `../../../shared/` of a test's own fixture tree), one that
 * names the old documents from any depth, and the absolute folder.
 */
const OUTSIDE_FOLDER_PATHS = [
  /(?<![\w./])\.\.\/shared\//,
  /(?:\.\.\/)+shared\/(?:spec\.md|design\.md|style\.md|research\/)/,
  /\/work\/shared\b/,
  /\bshared\/(?:research\/|spec\.md|design\.md|style\.md)/,
  /\bresearch\/[\w-]+\.md\b/,
];

/** The longest a note of docs/ may be (docs/writing.md "Size and names"). */
const MAX_DOC_LINES = 300;
/** Notes allowed past MAX_DOC_LINES for good: the specification, kept whole. */
const LONG_DOCS = ['docs/spec.md'];
/** Notes past MAX_DOC_LINES that their owners are splitting; each leaves this list when done. */
const PENDING_LONG_DOCS: string[] = [];
/**
 * An issue number used as a label: a hash and a number, or "issue" and a number (docs/writing.md
 * shows the forms). A reference to another project's tracker (`owner/repo`, a hash, the number)
 * and an HTML entity are not.
 */
const ISSUE_LABEL = /(?<![\w.-]\/[\w.-]*|[\w&])#\d+\b|\bissues? #?\d+\b/i;
/** Folders whose comments their owners are clearing of issue labels; each leaves when done. */
const PENDING_LABELLED_FOLDERS: string[] = [];
/** Notes of docs/ that their owners are clearing of issue labels; each leaves when done. */
const PENDING_LABELLED_DOCS: string[] = [];

/** Lines of a text, not counting the empty one after its last newline. */
function lineCount(text: string): number {
  const lines = text.split('\n');
  return lines.at(-1) === '' ? lines.length - 1 : lines.length;
}

/** The notes of docs/ (not the generated docs/reference/), new ones included. */
function docNotes(): string[] {
  return readdirSync(join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
    .sort();
}

/** TypeScript sources, tracked or new (not ignored), outside dependencies and builds. */
function typeScriptSources(): string[] {
  const args = [
    'ls-files',
    '-z',
    '--cached',
    '--others',
    '--exclude-standard',
    '--',
    '*.ts',
    '*.tsx',
    '*.mts',
    '*.cts',
  ];
  return [...new Set(execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).split('\0'))]
    .filter((file) => file !== '' && !/(^|\/)(node_modules|dist)\//.test(file) && existsSync(join(repoRoot, file)))
    .sort();
}

/** Every comment of a TypeScript source, with the line it starts on (1-based). */
function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const starts = new Set<number>();
  const comments: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    const ranges = [
      ...(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.getEnd()) ?? []),
    ];
    for (const { pos, end } of ranges) {
      if (starts.has(pos)) continue;
      starts.add(pos);
      comments.push({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: text.slice(pos, end) });
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return comments;
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !/(^|\/)(node_modules|dist)\//.test(file));
}

/** A tracked file's text; undefined for a binary file or one deleted in the working tree. */
function textOf(file: string): string | undefined {
  if (!existsSync(join(repoRoot, file))) return undefined;
  const text = readFileSync(join(repoRoot, file), 'utf8');
  return text.includes('\0') ? undefined : text;
}

/** The section numbers that docs/spec.md has a heading for. */
function specSections(): Set<string> {
  const text = readFileSync(join(repoRoot, SPEC_FILE), 'utf8');
  return new Set([...text.matchAll(SECTION_HEADING)].map((match) => match[1]!));
}

/** Every "spec N.N" of the tracked sources and docs, as `file:line spec N.N`, with its section. */
function specCitations(): { where: string; section: string }[] {
  const citations: { where: string; section: string }[] = [];
  for (const file of trackedFiles().filter((file) => CITING_FILE.test(file) && file !== SPEC_FILE)) {
    const lines = textOf(file)?.split('\n') ?? [];
    lines.forEach((line, index) => {
      for (const [, list] of line.matchAll(SPEC_CITATION)) {
        for (const section of list!.split(/, | and /)) {
          citations.push({ where: `${file}:${index + 1} spec ${section}`, section });
        }
      }
    });
  }
  return citations;
}

describe('doc citations', () => {
  it('every "spec N.N" names a section heading of docs/spec.md', () => {
    const sections = specSections();
    const citations = specCitations();
    expect(citations.length).toBeGreaterThan(100);
    expect(citations.filter(({ section }) => !sections.has(section)).map(({ where }) => where)).toEqual([]);
  });

  it('every docs/<name>.md that a file names exists', () => {
    const missing: string[] = [];
    for (const file of trackedFiles().filter((file) => CITING_FILE.test(file))) {
      const lines = textOf(file)?.split('\n') ?? [];
      lines.forEach((line, index) => {
        for (const match of line.matchAll(/\bdocs\/[\w-]+\.md\b/g)) {
          const [doc] = match;
          // A path inside a URL (another project's docs, as the Changesets README links) is not ours.
          const tokenStart = Math.max(...[' ', '(', '<', '"'].map((mark) => line.lastIndexOf(mark, match.index)));
          if (line.slice(tokenStart + 1, match.index).includes('://')) continue;
          if (!existsSync(join(repoRoot, doc))) missing.push(`${file}:${index + 1} ${doc}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });

  it('no tracked file points into the folder beside the repository', () => {
    const outsidePaths: string[] = [];
    // This file names those paths in its patterns: skipped.
    for (const file of trackedFiles().filter((file) => file !== 'testing/doc-citations.test.ts')) {
      const lines = textOf(file)?.split('\n') ?? [];
      lines.forEach((line, index) => {
        if (OUTSIDE_FOLDER_PATHS.some((path) => path.test(line))) outsidePaths.push(`${file}:${index + 1}`);
      });
    }
    expect(outsidePaths).toEqual([]);
  });
});

describe('how docs and comments are written (docs/writing.md)', () => {
  it(`no note of docs/ is over ${MAX_DOC_LINES} lines but the specification and the notes being split`, () => {
    const notes = docNotes();
    expect(notes.length).toBeGreaterThan(15);
    const tooLong = notes
      .filter((note) => !LONG_DOCS.includes(note) && !PENDING_LONG_DOCS.includes(note))
      .map((note) => ({ note, lines: lineCount(readFileSync(join(repoRoot, note), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_DOC_LINES)
      .map(({ note, lines }) => `${note}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it('no comment of a .ts or .tsx file labels code with an issue number', () => {
    const sources = typeScriptSources();
    expect(sources.length).toBeGreaterThan(300);
    const labelled = sources
      .filter((file) => !PENDING_LABELLED_FOLDERS.some((folder) => file.startsWith(folder)))
      .flatMap((file) => {
        const text = readFileSync(join(repoRoot, file), 'utf8');
        // Parsing is the slow part: only files with a candidate anywhere are parsed.
        if (!ISSUE_LABEL.test(text)) return [];
        return commentsOf(file, text).flatMap(({ line, text: comment }) =>
          comment
            .split('\n')
            .flatMap((commentLine, index) => (ISSUE_LABEL.test(commentLine) ? [`${file}:${line + index}`] : [])),
        );
      });
    expect(labelled).toEqual([]);
  });

  it('no note of docs/ labels a decision with an issue number', () => {
    const labelled: string[] = [];
    // docs/writing.md quotes the labels it forbids.
    for (const note of docNotes().filter(
      (note) => note !== 'docs/writing.md' && !PENDING_LABELLED_DOCS.includes(note),
    )) {
      readFileSync(join(repoRoot, note), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (ISSUE_LABEL.test(line)) labelled.push(`${note}:${index + 1}`);
        });
    }
    expect(labelled).toEqual([]);
  });
});
