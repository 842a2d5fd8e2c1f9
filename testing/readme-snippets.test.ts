import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// README snippets are real code: each lives in docs/snippets/ (type-checked by `npm test` with a
// user's strict settings, run by e2e/readme-snippets.e2e.ts and the packaging suite), and every
// README shows it verbatim after a `<!-- snippet: <path> -->` marker.

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const READMES = ['README.md', 'host/README.md', 'sdk/README.md', 'docs/deploy.md'];
const MARKER = /<!-- snippet: (\S+) -->\n\n?```(\w+)\n([\s\S]*?)```\n/g;

function shownSnippets(readme: string): { path: string; language: string; code: string }[] {
  const text = readFileSync(join(repoRoot, readme), 'utf8');
  return [...text.matchAll(MARKER)].map(([, path, language, code]) => ({
    path: path!,
    language: language!,
    code: code!,
  }));
}

describe('README snippets', () => {
  it.each(READMES)('%s shows each snippet exactly as its file has it', (readme) => {
    const shown = shownSnippets(readme);
    expect(shown.length).toBeGreaterThan(0);
    for (const { path, code } of shown) {
      expect([path, code]).toEqual([path, readFileSync(join(repoRoot, path), 'utf8')]);
    }
  });

  it('README.md shows every snippet file', () => {
    const files = readdirSync(join(repoRoot, 'docs/snippets'))
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => `docs/snippets/${file}`);
    expect(files).toHaveLength(7);
    expect(
      shownSnippets('README.md')
        .map(({ path }) => path)
        .sort(),
    ).toEqual(files.sort());
  });
});
