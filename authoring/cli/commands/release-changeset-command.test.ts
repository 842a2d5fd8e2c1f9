import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failingFileSystem } from '../../testing/failing-file-system.js';
import { memoryIo } from '../../testing/memory-io.js';
import { copyExamplePackage, makeTempDir, removeTempDirs, snapshotTree } from '../../testing/temp-package.js';
import { type RunCliOptions, runCli } from '../run-cli.js';

// changeset:add and changeset:version (spec 9.5) on a copy of the example package with two
// scaffolded variants, hero2 and hero3 (0.1.0 each). No registry is involved.

let template: string;

async function run(root: string, args: string[], options: RunCliOptions = {}) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(args, io, options);
  return { code, out: stdout(), err: stderr() };
}

beforeAll(async () => {
  const example = await copyExamplePackage();
  for (const args of [['generate'], ['scaffold', '--category', 'hero'], ['scaffold', '--category', 'hero']]) {
    const result = await run(example, args);
    expect(result.code, result.out + result.err).toBe(0);
  }
  // Outside makeTempDir's folders, which afterEach removes.
  template = await mkdtemp(join(tmpdir(), 'changeset-template-'));
  await cp(example, template, { recursive: true });
}, 60_000);

afterAll(async () => {
  if (template) await rm(template, { recursive: true, force: true });
});

afterEach(removeTempDirs);

/** A fresh copy of the template. */
async function schemaPackage(): Promise<string> {
  const root = await makeTempDir();
  await cp(template, root, { recursive: true });
  return root;
}

const read = (root: string, path: string) => readFile(join(root, path), 'utf8');

/** The change set files, by name. */
async function changesets(root: string): Promise<string[]> {
  return (await readdir(join(root, '.changeset')).catch(() => [] as string[])).sort();
}

describe('changeset:add', { timeout: 30_000 }, () => {
  it('writes one change set, .changeset/<id>.md, naming the packages with the bump and the summary', async () => {
    const root = await schemaPackage();
    const result = await run(root, [
      'changeset:add',
      'hero2',
      'hero3',
      '--bump',
      'minor',
      '--summary',
      'Adds a subtitle.',
      '--format',
      'json',
    ]);
    expect(result.code, result.err).toBe(0);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({
      command: 'changeset:add',
      ok: true,
      dryRun: false,
      releases: [
        { name: '@acme/ui-hero2', type: 'minor' },
        { name: '@acme/ui-hero3', type: 'minor' },
      ],
    });
    expect(report.id).toMatch(/^[a-z]+(-[a-z]+)+$/);
    expect(report.written).toEqual([`.changeset/${report.id}.md`]);
    expect(await changesets(root)).toEqual([`${report.id}.md`]);
    expect(await read(root, report.written[0])).toBe(
      '---\n"@acme/ui-hero2": minor\n"@acme/ui-hero3": minor\n---\n\nAdds a subtitle.\n',
    );
  });

  it('--dry-run prints the change set and writes nothing', async () => {
    const root = await schemaPackage();
    const before = await snapshotTree(root);
    const result = await run(root, ['changeset:add', 'hero2', '--bump', 'patch', '--summary', 'Fixes.', '--dry-run']);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(
      /^---\n"@acme\/ui-hero2": patch\n---\n\nFixes\.\nchangeset:add --dry-run: would write \.changeset\/[a-z-]+\.md \(patch @acme\/ui-hero2\); nothing written\n$/,
    );
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('refuses an unknown variant, a missing or unknown bump and an empty summary (exit 2), writing nothing', async () => {
    const root = await schemaPackage();
    const before = await snapshotTree(root);
    const unknown = await run(root, [
      'changeset:add',
      'hero9',
      '--bump',
      'patch',
      '--summary',
      'x',
      '--format',
      'json',
    ]);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.out).error.code).toBe('variant-unknown');
    for (const args of [
      ['changeset:add', 'hero2', '--summary', 'x'],
      ['changeset:add', 'hero2', '--bump', 'huge', '--summary', 'x'],
      ['changeset:add', 'hero2', '--bump', 'patch'],
      ['changeset:add', 'hero2', '--bump', 'patch', '--summary', '  '],
      ['changeset:add', '--bump', 'patch', '--summary', 'x'],
    ]) {
      const result = await run(root, [...args, '--format', 'json']);
      expect(result.code, args.join(' ')).toBe(2);
      expect(JSON.parse(result.out).error.code).toBe('usage');
    }
    expect(await snapshotTree(root)).toEqual(before);
  });
});

describe('changeset:version', { timeout: 30_000 }, () => {
  it('applies every change set: new versions, CHANGELOG.md entries, the change sets deleted; a second run has nothing to do', async () => {
    const root = await schemaPackage();
    const hero3 = await read(root, 'packages/ui-hero3/package.json');
    const manifest = await read(root, 'packages/ui-hero2/package.json');
    expect((await run(root, ['changeset:add', 'hero2', '--bump', 'minor', '--summary', 'Adds X.\nMore.'])).code).toBe(
      0,
    );
    expect((await run(root, ['changeset:add', 'hero2', '--bump', 'patch', '--summary', 'Fixes Y.'])).code).toBe(0);
    const result = await run(root, ['changeset:version']);
    expect(result).toEqual({
      code: 0,
      out: [
        '@acme/ui-hero2 0.1.0 -> 0.2.0 (minor)',
        'build the new versions before releasing: catalog-schema build hero2',
        'changeset:version: 2 change sets applied, 1 package bumped',
        '',
      ].join('\n'),
      err: '',
    });
    // Only the version changed, in place, with the file's own formatting.
    expect(await read(root, 'packages/ui-hero2/package.json')).toBe(
      manifest.replace('"version": "0.1.0"', '"version": "0.2.0"'),
    );
    expect(await read(root, 'packages/ui-hero2/CHANGELOG.md')).toBe(
      [
        '# @acme/ui-hero2',
        '',
        '## 0.2.0',
        '',
        '### Minor Changes',
        '',
        '- Adds X.',
        '  More.',
        '',
        '### Patch Changes',
        '',
        '- Fixes Y.',
        '',
      ].join('\n'),
    );
    expect(await read(root, 'packages/ui-hero3/package.json')).toBe(hero3);
    expect(await changesets(root)).toEqual([]);

    const again = await run(root, ['changeset:version']);
    expect(again.code).toBe(0);
    expect(again.out).toBe('changeset:version: no change set in .changeset/, nothing to version\n');

    // The next entry goes on top.
    expect((await run(root, ['changeset:add', 'hero2', '--bump', 'major', '--summary', 'Breaks Z.'])).code).toBe(0);
    const json = JSON.parse((await run(root, ['changeset:version', '--format', 'json'])).out);
    expect(json.releases).toEqual([
      { name: '@acme/ui-hero2', variant: 'hero2', type: 'major', oldVersion: '0.2.0', newVersion: '1.0.0' },
    ]);
    expect(json.written).toEqual([
      'packages/ui-hero2/package.json',
      'packages/ui-hero2/CHANGELOG.md',
      `.changeset/${json.changesets[0]}.md`,
    ]);
    expect(await read(root, 'packages/ui-hero2/CHANGELOG.md')).toMatch(
      /^# @acme\/ui-hero2\n\n## 1\.0\.0\n\n### Major Changes\n\n- Breaks Z\.\n\n## 0\.2\.0\n/,
    );
  });

  it('--dry-run prints the bumps and the files; writes nothing', async () => {
    const root = await schemaPackage();
    expect((await run(root, ['changeset:add', 'hero2', 'hero3', '--bump', 'patch', '--summary', 'Fix.'])).code).toBe(0);
    const [file] = await changesets(root);
    const before = await snapshotTree(root);
    const result = await run(root, ['changeset:version', '--dry-run']);
    expect(result).toEqual({
      code: 0,
      out: [
        '@acme/ui-hero2 0.1.0 -> 0.1.1 (patch)',
        '@acme/ui-hero3 0.1.0 -> 0.1.1 (patch)',
        'would write packages/ui-hero2/package.json',
        'would write packages/ui-hero2/CHANGELOG.md',
        'would write packages/ui-hero3/package.json',
        'would write packages/ui-hero3/CHANGELOG.md',
        `would write .changeset/${file}`,
        'changeset:version --dry-run: 1 change set would bump 2 packages, 5 files would change; nothing written',
        '',
      ].join('\n'),
      err: '',
    });
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('a write that fails leaves every file as it was (nothing half-applied)', async () => {
    const root = await schemaPackage();
    expect((await run(root, ['changeset:add', 'hero2', 'hero3', '--bump', 'minor', '--summary', 'X.'])).code).toBe(0);
    const before = await snapshotTree(root);
    // The third file moved into place fails: the two before it are put back.
    const fs = failingFileSystem({ operation: 'rename', nth: 3 });
    const result = await run(root, ['changeset:version'], { fs });
    expect(fs.failed()).toBe(true);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /^catalog-schema changeset:version: output-failed: could not apply the versions, nothing changed: EIO/,
    );
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('a malformed change set, one naming an unknown package, or prerelease mode is changeset-invalid (exit 1), nothing written', async () => {
    const root = await schemaPackage();
    await mkdir(join(root, '.changeset'));
    const cases: [string, string, RegExp][] = [
      ['bad.md', 'no front matter\n', /could not parse changeset/],
      [
        'unknown.md',
        '---\n"@acme/ui-hero9": patch\n---\n\nX.\n',
        /package @acme\/ui-hero9 which is not in the workspace/,
      ],
      [
        'pre.json',
        '{"mode":"pre","tag":"beta","initialVersions":{},"changesets":[]}',
        /prerelease mode is not supported/,
      ],
    ];
    for (const [name, text, message] of cases) {
      await writeFile(join(root, '.changeset', name), text);
      const before = await snapshotTree(root);
      const result = await run(root, ['changeset:version', '--format', 'json']);
      expect(result.code, name).toBe(1);
      const { error } = JSON.parse(result.out);
      expect(error.code).toBe('changeset-invalid');
      expect(error.message).toMatch(message);
      expect(await snapshotTree(root)).toEqual(before);
      await rm(join(root, '.changeset', name));
    }
  });

  it('--help describes the commands', async () => {
    const root = await schemaPackage();
    const add = await run(root, ['changeset:add', '--help']);
    expect(add.code).toBe(0);
    for (const option of ['<variant...>', '--bump <type>', '--summary <text>', '--dry-run', '--packages <dir>'])
      expect(add.out).toContain(option);
    const version = await run(root, ['changeset:version', '--help']);
    expect(version.code).toBe(0);
    expect(version.out).toContain('--dry-run');
  });
});
