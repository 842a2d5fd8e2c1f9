import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../authoring/cli/run-cli.js';
import { memoryIo } from '../../authoring/testing/memory-io.js';
import { schemaPackageDir } from './publish-schema-package.js';
import { copyWithRelease, releaseCopyPaths } from './release-copy.js';
import { listReleases, releasesDir } from './release-overlays.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'release-overlays-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const HERO1_2_FILES = [
  'packages/ui-hero1/data.json',
  'packages/ui-hero1/meta.json',
  'packages/ui-hero1/package.json',
  'packages/ui-hero1/puck.json',
  'packages/ui-hero1/src/index.tsx',
  'packages/ui-hero1/src/migrations.ts',
  'src/source/components/hero/hero1.json',
];

describe("the repository's release overlays", () => {
  it('are hero1-2.0.0, which holds only files that differ from the schema package', async () => {
    const releases = await listReleases();
    expect(releases).toEqual([
      {
        name: 'hero1-2.0.0',
        variant: 'hero1',
        package: '@acme/ui-hero1',
        version: '2.0.0',
        dir: join(releasesDir, 'hero1-2.0.0'),
        files: HERO1_2_FILES,
      },
    ]);
    for (const file of HERO1_2_FILES) {
      const before = await readFile(join(schemaPackageDir, file), 'utf8').catch(() => undefined);
      expect(await readFile(join(releasesDir, 'hero1-2.0.0', file), 'utf8'), file).not.toBe(before);
    }
  });

  it("hero1-2.0.0: data.json is meta.json's props, and its schema is the source's with eyebrow required", async () => {
    const [release] = await listReleases();
    const copy = join(dir, 'copy');
    await copyWithRelease(release!, copy);
    expect(await runCli(['registry:global'], memoryIo(copy).io)).toBe(0);
    const global = JSON.parse(await readFile(join(copy, 'generated/registries/global.json'), 'utf8')) as {
      components: Record<string, { name: string; schema: { required: string[] } }>;
    };
    const derived = Object.values(global.components).find((component) => component.name === 'hero1')!.schema;
    const variant = join(copy, 'packages/ui-hero1');
    const meta = JSON.parse(await readFile(join(variant, 'meta.json'), 'utf8'));
    expect(meta.props).toEqual(JSON.parse(await readFile(join(variant, 'data.json'), 'utf8')));
    // The Strapi field stays optional until the contract (1.x blocks have none); the props schema requires it.
    expect(meta.schema).toEqual({ ...derived, required: [...derived.required, 'eyebrow'] });
  });
});

describe('listReleases', () => {
  /** An overlay folder `name` holding `files` (path → text). */
  async function overlay(name: string, files: Record<string, string>): Promise<void> {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(dir, name, path, '..'), { recursive: true });
      await writeFile(join(dir, name, path), text);
    }
  }
  const pkg = (version: string) => JSON.stringify({ name: '@acme/ui-x1', version });

  it('reads the variant and the version from the name, checked against the package', async () => {
    await overlay('x1-1.2.3', { 'README.md': '# x', 'packages/ui-x1/package.json': pkg('1.2.3') });
    expect(await listReleases(dir)).toEqual([
      {
        name: 'x1-1.2.3',
        variant: 'x1',
        package: '@acme/ui-x1',
        version: '1.2.3',
        dir: join(dir, 'x1-1.2.3'),
        files: ['packages/ui-x1/package.json'],
      },
    ]);
    expect(await listReleases(join(dir, 'missing'))).toEqual([]);
  });

  it.each([
    ['x1', { 'packages/ui-x1/package.json': pkg('1.0.0') }, 'its name must be <variant>-<version>'],
    ['x1-2.0.0', { 'packages/ui-x1/package.json': pkg('1.0.0') }, 'must name the package at 2.0.0'],
    ['x1-2.0.0', { 'src/a.json': '{}' }, 'it must change packages/ui-x1/ and no other variant package'],
    [
      'x1-2.0.0',
      { 'packages/ui-x1/package.json': pkg('2.0.0'), 'packages/ui-y1/data.json': '{}' },
      'it must change packages/ui-x1/ and no other variant package',
    ],
  ])('refuses %s holding %j', async (name, files, message) => {
    await overlay(name, files);
    await expect(listReleases(dir)).rejects.toThrow(message);
  });

  it('refuses a symbolic link', async () => {
    await overlay('x1-2.0.0', { 'packages/ui-x1/package.json': pkg('2.0.0') });
    await symlink('/etc/hostname', join(dir, 'x1-2.0.0', 'packages/ui-x1/data.json'));
    await expect(listReleases(dir)).rejects.toThrow('packages/ui-x1/data.json is not a regular file');
  });
});

describe('copyWithRelease and releaseCopyPaths', () => {
  it('copies the schema package with the overlay over it; every path of the copy is one releaseCopyPaths lists', async () => {
    const [release] = await listReleases();
    const copy = join(dir, 'copy');
    await mkdir(join(copy, 'stale'), { recursive: true });
    await copyWithRelease(release!, copy);
    const pkg = JSON.parse(await readFile(join(copy, 'packages/ui-hero1/package.json'), 'utf8'));
    expect(pkg.version).toBe('2.0.0');
    const untouched = 'packages/ui-callout1/data.json';
    expect(await readFile(join(copy, untouched), 'utf8')).toBe(
      await readFile(join(schemaPackageDir, untouched), 'utf8'),
    );
    const paths = await releaseCopyPaths();
    // `stale/` was removed with the rest of what the folder held.
    for (const entry of await readdir(copy, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name).slice(copy.length + 1);
      expect([path, paths.get(path)]).toEqual([path, entry.isDirectory() ? 'folder' : 'file']);
    }
    expect(paths.get('stale')).toBeUndefined();
    expect(paths.get('packages/ui-hero1/src/migrations.ts')).toBe('file');
    expect(paths.get('packages/ui-hero1/dist')).toBeUndefined();
  });
});
