import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Code and docs cite the specification as "spec 4.2". The specification and the design used to
// live in a folder beside the repository, where nobody who clones it can follow a citation; they
// are docs/spec.md and docs/design.md now. This test keeps every citation pointing at a heading
// of docs/spec.md, and keeps paths into that old folder from coming back.

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
