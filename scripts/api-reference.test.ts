import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildReference } from './api-reference/build-reference.mjs';
import { REFERENCE_ENTRIES } from './api-reference/reference-entries.mjs';
import { treeDifferences } from './api-reference/tree-differences.mjs';

// The check of the API reference (docs/reference.md), proven on small fixture entries with the real
// TypeDoc and the repository's typedoc.config.mjs: what fails it, what it writes, how a stale
// docs/reference/ is reported, and that every typed export of every package is an entry.

const root = fileURLToPath(new URL('../', import.meta.url));
const fixture = (file: string) => ({ importPath: 'fixture', source: `scripts/api-reference/fixtures/${file}` });
let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'api-reference-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('buildReference', () => {
  it('fails on an option and an export without a comment, naming each, and writes nothing', async () => {
    const out = join(folder, 'reference');
    const result = await buildReference({ root, entries: [fixture('undocumented-option.ts')], out });
    const file = 'runtime-component-catalog-workspace/scripts/api-reference/fixtures/undocumented-option.ts';
    expect(result).toEqual({
      ok: false,
      messages: [
        `GreetOptions.punctuation (Property), defined in ${file}, does not have any documentation`,
        `DEFAULT_PUNCTUATION (Variable), defined in ${file}, does not have any documentation`,
      ],
    });
    expect(existsSync(out)).toBe(false);
  });

  it('writes the Markdown reference of a documented entry, each option with its comment', async () => {
    const out = join(folder, 'reference');
    const result = await buildReference({ root, entries: [fixture('documented-options.ts')], out });
    expect(result).toEqual({ ok: true, messages: [] });
    expect(treeDifferences(out, join(folder, 'none'))).toEqual([
      'missing: README.md',
      'missing: functions/greet.md',
      'missing: interfaces/GreetOptions.md',
    ]);
    const options = readFileSync(join(out, 'interfaces/GreetOptions.md'), 'utf8');
    expect(options.split('\n').filter((line) => line.startsWith('| <a id='))).toEqual([
      '| <a id="property-name"></a> `name`                | `readonly` | `string` | Who is greeted.                       |',
      '| <a id="property-punctuation"></a> `punctuation?` | `readonly` | `string` | What ends the greeting (default `!`). |',
    ]);
  });
});

describe('treeDifferences', () => {
  it('names each changed, missing and extra file, sorted by path', () => {
    const write = (path: string, text: string) => {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), text);
    };
    write('generated/README.md', 'same');
    write('generated/sdk/a.md', 'new text');
    write('generated/sdk/b.md', 'only generated');
    write('committed/README.md', 'same');
    write('committed/sdk/a.md', 'old text');
    write('committed/host/c.md', 'only committed');
    expect(treeDifferences(join(folder, 'generated'), join(folder, 'committed'))).toEqual([
      'extra: host/c.md',
      'changed: sdk/a.md',
      'missing: sdk/b.md',
    ]);
    expect(treeDifferences(join(folder, 'generated'), join(folder, 'generated'))).toEqual([]);
  });
});

describe('the reference entries', () => {
  it('are every typed export of every workspace package, each read from a source file that exists', () => {
    const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
    const typedExports = (readJson('package.json').workspaces as string[]).flatMap((folder) => {
      const { name, exports } = readJson(`${folder}/package.json`);
      return Object.entries(exports as Record<string, unknown>)
        .filter(([, target]) => typeof target === 'object' && target !== null && 'types' in target)
        .map(([subpath]) => `${name}${subpath.slice(1)}`);
    });
    expect(REFERENCE_ENTRIES.map(({ importPath }) => importPath).sort()).toEqual(typedExports.sort());
    expect(REFERENCE_ENTRIES.filter(({ source }) => !existsSync(join(root, source)))).toEqual([]);
  });
});
