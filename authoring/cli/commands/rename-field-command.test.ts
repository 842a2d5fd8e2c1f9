import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { failingFileSystem } from '../../testing/failing-file-system.js';
import { memoryIo } from '../../testing/memory-io.js';
import { copyExamplePackage, readFiles, referenceSotDir, removeTempDirs } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

afterEach(removeTempDirs);

const heroPath = 'src/source/components/hero/hero1.json';

/** The example package with the reference field schema (which knows `deprecated` and `renamedTo`). */
async function examplePackage(): Promise<string> {
  const root = await copyExamplePackage();
  await copyFile(join(referenceSotDir, 'field.schema.json'), join(root, 'src/sot/field.schema.json'));
  return root;
}

async function renameField(root: string, args: string[], fs?: ReturnType<typeof failingFileSystem>) {
  const { io, stdout, stderr } = memoryIo(root);
  const code = await runCli(['rename:field', '--component', 'hero.hero1', ...args], io, fs ? { fs } : {});
  return { code, out: stdout(), err: stderr() };
}

describe('rename:field', () => {
  it('renames the key in place and keeps the old field deprecated with renamedTo, the rest of the file as written', async () => {
    const root = await examplePackage();
    const before = await readFile(join(root, heroPath), 'utf8');
    expect(await renameField(root, ['--old', 'subtitle', '--new', 'tagline'])).toEqual({
      code: 0,
      out: [
        `${heroPath}: "subtitle" → "tagline", "subtitle" kept deprecated (renamedTo "tagline")`,
        'next: generate (writes cms/database/migrations/catalog-schema.hero.hero1.subtitle-to-tagline.js), a new major of each variant of hero.hero1 with its migration, build, publish, migrate-pages, generate --contract',
        'rename:field: hero.hero1.subtitle → hero.hero1.tagline (1 file written)',
        '',
      ].join('\n'),
      err: '',
    });
    expect(await readFile(join(root, heroPath), 'utf8')).toBe(
      before.replace(
        '    "subtitle": "text",\n',
        '    "tagline": "text",\n    "subtitle": { "type": "text", "deprecated": true, "renamedTo": "tagline" },\n',
      ),
    );
    expect(await runCli(['validate'], memoryIo(root).io)).toBe(0);
  });

  it('points an earlier rename at the new name, so every renamedTo names a live field', async () => {
    const root = await examplePackage();
    expect((await renameField(root, ['--old', 'subtitle', '--new', 'tagline'])).code).toBe(0);
    expect((await renameField(root, ['--old', 'tagline', '--new', 'headline'])).code).toBe(0);
    const fields = JSON.parse(await readFile(join(root, heroPath), 'utf8')).fields;
    expect([fields.headline, fields.tagline, fields.subtitle]).toEqual([
      'text',
      { type: 'text', deprecated: true, renamedTo: 'headline' },
      { type: 'text', deprecated: true, renamedTo: 'headline' },
    ]);
  });

  it('--dry-run reports the change and writes nothing', async () => {
    const root = await examplePackage();
    const before = await readFiles(root);
    const run = await renameField(root, ['--old', 'subtitle', '--new', 'tagline', '--dry-run']);
    expect([run.code, run.out.split('\n').at(-2)]).toEqual([0, 'rename:field --dry-run: nothing written']);
    expect(await readFiles(root)).toEqual(before);
  });

  it('refuses an unknown component or field, a taken name, a media field and a failed write, changing nothing', async () => {
    const root = await examplePackage();
    const before = await readFiles(root);
    expect(await renameField(root, ['--old', 'nope', '--new', 'x'])).toEqual({
      code: 2,
      out: '',
      err: 'catalog-schema rename:field: rename-unknown-id: hero.hero1 has no field "nope" that is not deprecated\n',
    });
    expect((await renameField(root, ['--old', 'subtitle', '--new', 'title'])).err).toBe(
      'catalog-schema rename:field: rename-target-exists: hero.hero1 has a field "title" already\n',
    );
    expect(await renameField(root, ['--old', 'image', '--new', 'picture'])).toEqual({
      code: 1,
      out: [
        `${heroPath}:12:66 field-option-not-allowed a media field's values are not in a column of hero.hero1: it cannot be renamed in the database (deprecate it and let migrate-pages move the values)`,
        'rename:field refused: the result would not be valid, nothing changed: 1 problem in 1 file',
        '',
      ].join('\n'),
      err: '',
    });
    const fs = failingFileSystem({ operation: 'rename', nth: 1 });
    const failed = await renameField(root, ['--old', 'subtitle', '--new', 'tagline'], fs);
    expect([failed.code, failed.err.split(': ').slice(0, 2).join(': ')]).toEqual([
      1,
      'catalog-schema rename:field: rename-failed',
    ]);
    expect(await readFiles(root)).toEqual(before);
  });

  it('refuses when the package is not valid before', async () => {
    const root = await examplePackage();
    await writeFile(join(root, heroPath), '{');
    expect((await renameField(root, ['--old', 'subtitle', '--new', 'tagline'])).code).toBe(1);
  });
});
