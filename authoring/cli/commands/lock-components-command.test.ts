import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/memory-io.js';
import { copyExamplePackage, examplePackageDir, removeTempDirs } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

afterEach(removeTempDirs);

const lockPath = 'src/source/component-ids.lock.json';

async function run(root: string, args: string[]) {
  const { io, stdout } = memoryIo(root);
  const code = await runCli(args, io);
  return { code, out: stdout() };
}

describe('lock:components', () => {
  it('round trip: a deleted lock is written again byte for byte', async () => {
    const root = await copyExamplePackage();
    await rm(join(root, lockPath));
    expect(await run(root, ['validate'])).toEqual({
      code: 1,
      out: `${lockPath}:1:1 lock-missing ${lockPath} is missing: run lock:components\nvalidation failed: 1 problem in 1 file\n`,
    });
    expect((await run(root, ['lock:components', '--check'])).code).toBe(1);
    expect((await run(root, ['lock:components'])).code).toBe(0);
    expect(await readFile(join(root, lockPath), 'utf8')).toBe(
      await readFile(join(examplePackageDir, lockPath), 'utf8'),
    );
    expect(await run(root, ['validate'])).toEqual({ code: 0, out: 'valid: 12 components, 5 collections\n' });
    expect(await run(root, ['lock:components', '--check'])).toEqual({
      code: 0,
      out: 'lock:components: 12 ids, up to date\n',
    });
  });

  it('round trip: adding then removing a component', async () => {
    const root = await copyExamplePackage();
    const file = join(root, 'src/source/components/hero/hero2.json');
    await writeFile(
      file,
      `${JSON.stringify({ $schema: '../../../sot/component.schema.json', id: 'hero.hero2', fields: { cmp_variant: 'string!' } }, null, 2)}\n`,
    );
    expect((await run(root, ['validate'])).out).toBe(
      'src/source/components/hero/hero2.json:3:9 lock-entry-missing component id "hero.hero2" is not locked: run lock:components\nvalidation failed: 1 problem in 1 file\n',
    );
    expect(await run(root, ['lock:components'])).toEqual({
      code: 0,
      out: 'lock:components: 13 ids locked (added hero.hero2)\n',
    });
    expect((await run(root, ['validate'])).code).toBe(0);
    await rm(file);
    expect((await run(root, ['validate'])).out).toMatch(
      /^src\/source\/component-ids\.lock\.json:\d+:5 lock-entry-extra "hero\.hero2" is locked/,
    );
    expect(await run(root, ['lock:components'])).toEqual({
      code: 0,
      out: 'lock:components: 12 ids locked (removed hero.hero2)\n',
    });
    expect(await readFile(join(root, lockPath), 'utf8')).toBe(
      await readFile(join(examplePackageDir, lockPath), 'utf8'),
    );
  });

  it('rewrites a lock file that is not even JSON', async () => {
    const root = await copyExamplePackage();
    await writeFile(join(root, lockPath), '{ "components": ');
    expect((await run(root, ['validate'])).out).toBe(
      `${lockPath}:1:17 json-invalid unexpected end of input: { at 1:1 is not closed\nvalidation failed: 1 problem in 1 file\n`,
    );
    expect((await run(root, ['lock:components'])).code).toBe(0);
    expect(await readFile(join(root, lockPath), 'utf8')).toBe(
      await readFile(join(examplePackageDir, lockPath), 'utf8'),
    );
  });

  it('refuses while a component file cannot be read for its id, and leaves the lock unchanged', async () => {
    const root = await copyExamplePackage();
    const before = await readFile(join(root, lockPath), 'utf8');
    await writeFile(join(root, 'src/source/components/hero/hero1.json'), '{ "id": "hero.hero1", ');
    const result = await run(root, ['lock:components']);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^src\/source\/components\/hero\/hero1\.json:1:\d+ json-invalid /);
    expect(await readFile(join(root, lockPath), 'utf8')).toBe(before);
  });

  it('keeps a locked id with its locked file when a new file declares it too, and refuses to lock', async () => {
    const root = await copyExamplePackage();
    const before = await readFile(join(root, lockPath), 'utf8');
    // A copy of hero1.json under a name that sorts first, with a field another rule would refuse.
    const copy = JSON.parse(await readFile(join(root, 'src/source/components/hero/hero1.json'), 'utf8'));
    copy.fields.cta = 'component(shared.nope)';
    await writeFile(join(root, 'src/source/components/hero/copy.json'), `${JSON.stringify(copy, null, 2)}\n`);
    const duplicate =
      'src/source/components/hero/copy.json:3:9 component-id-duplicate component id "hero.hero1" is already defined at src/source/components/hero/hero1.json:3:9 (the file the lock binds it to): give this file another id or remove it';
    expect(await run(root, ['validate'])).toEqual({
      code: 1,
      out: `${duplicate}\nvalidation failed: 1 problem in 1 file\n`,
    });
    expect(await run(root, ['lock:components'])).toEqual({
      code: 1,
      out: `${duplicate}\nlock:components failed, lock unchanged: 1 problem in 1 file\n`,
    });
    expect(await readFile(join(root, lockPath), 'utf8')).toBe(before);
  });
});
