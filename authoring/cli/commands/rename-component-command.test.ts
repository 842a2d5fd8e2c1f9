import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { failingFileSystem } from '../../testing/failing-file-system.js';
import { memoryIo } from '../../testing/memory-io.js';
import { copyExamplePackage, readFiles, removeTempDirs } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

afterEach(removeTempDirs);

async function rename(root: string, oldId: string, newId: string, fs?: ReturnType<typeof failingFileSystem>) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(['rename:component', '--old', oldId, '--new', newId], io, fs ? { fs } : {});
  return { code, out: stdout(), err: stderr() };
}

describe('rename:component', () => {
  it('renames the id, moves the file, updates every reference and the lock; renaming back restores every byte', async () => {
    const root = await copyExamplePackage();
    const before = await readFiles(root);
    expect(await rename(root, 'hero.hero1', 'banner.banner1')).toEqual({
      code: 0,
      out: 'rename:component: hero.hero1 → banner.banner1 (4 files written, 1 removed)\n',
      err: '',
    });
    const after = await readFiles(root);
    expect(after.has('src/source/components/hero/hero1.json')).toBe(false);
    expect(JSON.parse(after.get('src/source/components/banner/banner1.json')!).id).toBe('banner.banner1');
    expect(JSON.parse(after.get('src/source/collections/page.json')!).fields.blocks).toBe(
      'dynamicZone(banner.banner1,cards.cards1,form.form1,interactive.counter1,content.features1,content.callout1,navigation.cta1)',
    );
    expect(JSON.parse(after.get('src/source/collections/article.json')!).fields.sections.components).toEqual([
      'banner.banner1',
      'cards.cards1',
    ]);
    expect(JSON.parse(after.get('src/source/component-ids.lock.json')!).components['banner.banner1']).toEqual({
      file: 'components/banner/banner1.json',
      collectionName: 'components_banner_banner1s',
    });
    const { io } = memoryIo(root);
    expect(await runCli(['validate'], io)).toBe(0);
    expect((await rename(root, 'banner.banner1', 'hero.hero1')).code).toBe(0);
    expect(await readFiles(root)).toEqual(before);
  });

  it('keeps the rest of each file as written (spacing, key order)', async () => {
    const root = await copyExamplePackage();
    const path = join(root, 'src/source/collections/page.json');
    await writeFile(
      path,
      (await readFile(path, 'utf8')).replace('hero.hero1,cards.cards1', 'hero.hero1 ,  cards.cards1'),
    );
    const before = await readFile(path, 'utf8');
    expect((await rename(root, 'hero.hero1', 'hero.hero2')).code).toBe(0);
    expect(await readFile(path, 'utf8')).toBe(before.replace('hero.hero1 ,', 'hero.hero2 ,'));
  });

  it('changes nothing when a write fails half way', async () => {
    const root = await copyExamplePackage();
    const before = await readFiles(root);
    const fs = failingFileSystem({ operation: 'rename', nth: 3 });
    const result = await rename(root, 'shared.button', 'shared.cta', fs);
    expect(fs.failed()).toBe(true);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /^catalog-schema rename:component: rename-failed: rename:component failed, nothing changed: EIO/,
    );
    expect(await readFiles(root)).toEqual(before);
  });

  it('removes the folder it made for a moved file when a later write fails', async () => {
    const root = await copyExamplePackage();
    const before = await readFiles(root);
    const fs = failingFileSystem({ operation: 'rename', nth: 2 });
    expect((await rename(root, 'hero.hero1', 'banner.banner1', fs)).code).toBe(1);
    expect(fs.failed()).toBe(true);
    expect(await readFiles(root)).toEqual(before);
    expect(existsSync(join(root, 'src/source/components/banner'))).toBe(false);
  });

  it('refuses an unknown id (exit 2), an existing target and an invalid package (exit 1), changing nothing', async () => {
    const root = await copyExamplePackage();
    const before = await readFiles(root);
    expect(await rename(root, 'hero.nope', 'hero.hero2')).toEqual({
      code: 2,
      out: '',
      err: 'catalog-schema rename:component: rename-unknown-id: no component has the id "hero.nope"\n',
    });
    const taken = await rename(root, 'hero.hero1', 'shared.card');
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('rename-target-exists');
    await writeFile(join(root, 'src/source/collections/tag.json'), '{}');
    const invalid = await rename(root, 'hero.hero1', 'hero.hero2');
    expect(invalid.code).toBe(1);
    expect(invalid.out).toContain('rename:component refused: the package is not valid, nothing changed');
    before.set('src/source/collections/tag.json', '{}');
    expect(await readFiles(root)).toEqual(before);
  });

  it('exits 2 for ids that are not category.name', async () => {
    const root = await copyExamplePackage();
    expect((await rename(root, 'hero.hero1', 'Hero')).code).toBe(2);
    expect((await rename(root, 'hero.hero1', 'hero.hero1')).code).toBe(2);
  });
});
