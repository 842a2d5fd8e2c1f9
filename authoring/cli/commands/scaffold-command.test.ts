import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { failingFileSystem } from '../../testing/failing-file-system.js';
import { memoryIo } from '../../testing/memory-io.js';
import { copyExamplePackage, removeTempDirs, snapshotTree } from '../../testing/temp-package.js';
import { type RunCliOptions, runCli } from '../run-cli.js';

afterEach(removeTempDirs);

async function run(root: string, args: string[], options: RunCliOptions = {}) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(args, io, options);
  return { code, out: stdout(), err: stderr() };
}

/** A copy of the example package with its outputs generated, so generated/types/categories.json exists. */
async function generatedExample(): Promise<string> {
  const root = await copyExamplePackage();
  const generated = await run(root, ['generate']);
  expect(generated.code, generated.out + generated.err).toBe(0);
  return root;
}

const readJson = async (root: string, path: string) => JSON.parse(await readFile(join(root, path), 'utf8'));

describe('scaffold', () => {
  it('creates the next variant, which passes validate and build with no edit', async () => {
    const root = await generatedExample();
    const scaffold = await run(root, ['scaffold', '--category', 'hero']);
    expect(scaffold.code, scaffold.out + scaffold.err).toBe(0);
    expect(scaffold.out).toContain('hero2');
    const source = await readJson(root, 'src/source/components/hero/hero2.json');
    expect(source.id).toBe('hero.hero2');
    expect(source.title).toBe('Hero 2');
    expect(source.fields.cmp_variant).toBe('string!');
    const lock = await readJson(root, 'src/source/component-ids.lock.json');
    expect(lock.components['hero.hero2']).toEqual({
      file: 'components/hero/hero2.json',
      collectionName: 'components_hero_hero2s',
    });
    const manifest = await readJson(root, 'packages/ui-hero2/package.json');
    expect(manifest).toMatchObject({ name: '@acme/ui-hero2', version: '0.1.0', type: 'module' });
    expect(manifest.peerDependencies).toHaveProperty('react');
    const meta = await readJson(root, 'packages/ui-hero2/meta.json');
    expect(meta).toMatchObject({ key: 'hero:hero2', name: 'hero2', category: 'hero', kind: 'component' });
    expect(meta.props).toEqual(await readJson(root, 'packages/ui-hero2/data.json'));
    expect((await readJson(root, 'packages/ui-hero2/puck.json')).properties.subtitle.type).toBe('textarea');
    expect(await readJson(root, 'src/editor-schemas/hero/hero2.json')).toMatchObject({
      title: 'Hero 2',
      type: 'object',
    });
    // No staging folder or mutex left behind.
    expect(
      [...(await snapshotTree(root)).keys()].filter((path) => path.startsWith('.catalog-schema-scaffold')),
    ).toEqual([]);

    const validate = await run(root, ['validate']);
    expect(validate.code, validate.out + validate.err).toBe(0);
    const build = await run(root, ['build', 'hero2']);
    expect(build.code, build.out + build.err).toBe(0);
    expect(build.out).toContain('@acme/ui-hero2@0.1.0 server');
  });

  it('gives the next scaffold of a category the next number, and takes --title', async () => {
    const root = await generatedExample();
    expect((await run(root, ['scaffold', '--category', 'hero'])).code).toBe(0);
    const second = await run(root, ['scaffold', '--category', 'hero', '--title', 'Big hero']);
    expect(second.code, second.out + second.err).toBe(0);
    expect((await readJson(root, 'src/source/components/hero/hero3.json')).title).toBe('Big hero');
    const lock = await readJson(root, 'src/source/component-ids.lock.json');
    expect(Object.keys(lock.components)).toEqual(expect.arrayContaining(['hero.hero1', 'hero.hero2', 'hero.hero3']));
    expect((await run(root, ['validate'])).code).toBe(0);
  });

  it('gives two concurrent scaffolds different numbers and keeps both lock entries', async () => {
    const root = await generatedExample();
    const [a, b] = await Promise.all([
      run(root, ['scaffold', '--category', 'cards', '--format', 'json']),
      run(root, ['scaffold', '--category', 'cards', '--format', 'json']),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const variants = [JSON.parse(a.out).variant, JSON.parse(b.out).variant].sort();
    expect(variants).toEqual(['cards2', 'cards3']);
    const lock = await readJson(root, 'src/source/component-ids.lock.json');
    expect(Object.keys(lock.components)).toEqual(expect.arrayContaining(['cards.cards2', 'cards.cards3']));
    const validate = await run(root, ['validate']);
    expect(validate.code, validate.out).toBe(0);
  });

  it('skips a package folder that already exists for the next number', async () => {
    const root = await generatedExample();
    await mkdir(join(root, 'packages/ui-hero2/src'), { recursive: true });
    const scaffold = await run(root, ['scaffold', '--category', 'hero', '--format', 'json']);
    expect(scaffold.code).toBe(0);
    expect(JSON.parse(scaffold.out).variant).toBe('hero3');
  });

  it('refuses an unknown category, listing the known ones, and writes nothing', async () => {
    const root = await generatedExample();
    const before = await snapshotTree(root);
    const result = await run(root, ['scaffold', '--category', 'banner']);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /^generated\/types\/categories\.json:1:1 scaffold-category-unknown .*known: cards, content, form, hero, interactive, navigation, shared/m,
    );
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('claims exactly --variant when it is free', async () => {
    const root = await generatedExample();
    const scaffold = await run(root, ['scaffold', '--category', 'hero', '--variant', 'hero7', '--format', 'json']);
    expect(scaffold.code, scaffold.out).toBe(0);
    expect(JSON.parse(scaffold.out).variant).toBe('hero7');
    const lock = await readJson(root, 'src/source/component-ids.lock.json');
    expect(lock.components['hero.hero7'].file).toBe('components/hero/hero7.json');
  });

  it('refuses a --variant name that is taken, naming where, and writes nothing', async () => {
    const root = await generatedExample();
    const before = await snapshotTree(root);
    const result = await run(root, ['scaffold', '--category', 'hero', '--variant', 'hero1']);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /^src\/source\/component-ids\.lock\.json:1:1 scaffold-variant-taken hero1 is taken \(by src\/source\/component-ids\.lock\.json\)/m,
    );
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('refuses a --variant whose package folder already exists, and writes nothing', async () => {
    const root = await generatedExample();
    await mkdir(join(root, 'packages/ui-hero4'), { recursive: true });
    const before = await snapshotTree(root);
    for (const extra of [[], ['--dry-run']]) {
      const result = await run(root, ['scaffold', '--category', 'hero', '--variant', 'hero4', ...extra]);
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/^packages\/ui-hero4:1:1 scaffold-variant-taken hero4 is taken/m);
    }
    expect(await snapshotTree(root)).toEqual(before);
  });

  it.each(['hero', 'hero0', 'hero01', 'cards2', 'hero2x'])('refuses --variant %s as a usage error', async (name) => {
    const root = await generatedExample();
    const before = await snapshotTree(root);
    const result = await run(root, ['scaffold', '--category', 'hero', '--variant', name]);
    expect(result.code).toBe(2);
    expect(result.err).toContain('--variant must be the category and a number from 1');
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('refuses an empty --title as a usage error, writing nothing', async () => {
    const root = await generatedExample();
    const before = await snapshotTree(root);
    const result = await run(root, ['scaffold', '--category', 'hero', '--title', ' ']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('usage');
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('refuses when generate:types has not run', async () => {
    const root = await copyExamplePackage();
    const result = await run(root, ['scaffold', '--category', 'hero']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('scaffold-categories-missing');
  });

  it('writes nothing with --dry-run and reports the files as JSON', async () => {
    const root = await generatedExample();
    const before = await snapshotTree(root);
    const result = await run(root, ['scaffold', '--category', 'hero', '--dry-run', '--format', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({ command: 'scaffold', ok: true, dryRun: true, variant: 'hero2', written: [] });
    expect(report.files).toContain('packages/ui-hero2/src/index.tsx');
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('reports the written files as JSON', async () => {
    const root = await generatedExample();
    const result = await run(root, ['scaffold', '--category', 'hero', '--format', 'json']);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({ command: 'scaffold', ok: true, variant: 'hero2', package: '@acme/ui-hero2' });
    expect(report.written).toEqual([
      'packages/ui-hero2/data.json',
      'packages/ui-hero2/meta.json',
      'packages/ui-hero2/package.json',
      'packages/ui-hero2/puck.json',
      'packages/ui-hero2/src/index.tsx',
      'src/editor-schemas/hero/hero2.json',
      'src/source/component-ids.lock.json',
      'src/source/components/hero/hero2.json',
    ]);
  });

  it('leaves nothing behind, the claimed folder included, when a write fails', async () => {
    const root = await generatedExample();
    const before = await snapshotTree(root);
    for (const plan of [
      { operation: 'writeFile', nth: 2 },
      { operation: 'rename', nth: 6 },
      { operation: 'rename', nth: 1, pathIncludes: 'lock.json' },
    ] as const) {
      const fs = failingFileSystem(plan);
      const result = await run(root, ['scaffold', '--category', 'hero'], { fs });
      expect(fs.failed()).toBe(true);
      expect(result.code).toBe(1);
      expect(result.err).toContain('output-failed');
      expect(await snapshotTree(root)).toEqual(before);
    }
  });
});
