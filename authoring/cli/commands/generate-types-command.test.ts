import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/memory-io.js';
import { copyExamplePackage, examplePackageDir, readFiles, removeTempDirs } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

afterEach(removeTempDirs);

describe('generate:types', () => {
  it('needs the compiled schema cache that generate writes (exit 1 without it)', async () => {
    const root = await copyExamplePackage();
    const { io, stderr } = memoryIo(root);
    expect(await runCli(['generate:types'], io)).toBe(1);
    expect(stderr()).toBe(
      'catalog-schema generate:types: cache-missing: cannot read the compiled schema cache .catalog-schema/compiled-schema.json: run generate first\n',
    );
  });

  it('refuses a cache older than the sources', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['generate:schemas'], memoryIo(root).io)).toBe(0);
    const path = join(root, 'src/source/components/hero/hero1.json');
    await writeFile(path, (await readFile(path, 'utf8')).replace('Hero 1', 'Hero One'));
    const { io, stderr } = memoryIo(root);
    expect(await runCli(['generate:types'], io)).toBe(1);
    expect(stderr()).toContain(
      'cache-stale: the sources changed since .catalog-schema/compiled-schema.json was written',
    );
  });

  it('writes from the cache of generate:schemas exactly what generate writes', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['generate:schemas'], memoryIo(root).io)).toBe(0);
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['generate:types'], io)).toBe(0);
    // index.ts, categories.json, and the manifest that records them (.catalog-schema/outputs.json).
    expect(stdout()).toBe('generate:types: wrote 3 files\n');
    const types = await readFiles(join(root, 'generated/types'));
    expect(types.get('index.ts')).toBe(
      await readFile(join(examplePackageDir, 'golden/generated/types/index.ts.golden'), 'utf8'),
    );
    expect(types.get('categories.json')).toBe(
      await readFile(join(examplePackageDir, 'golden/generated/types/categories.json.golden'), 'utf8'),
    );
    expect(await runCli(['generate:types', '--check'], memoryIo(root).io)).toBe(0);
  });

  it('records what it writes, so the steps of spec 4.4 can run one after the other, again and again', async () => {
    const root = await copyExamplePackage();
    const path = join(root, 'src/source/components/hero/hero1.json');
    for (const title of ['Hero 1', 'Hero One', 'Hero Uno']) {
      await writeFile(path, (await readFile(path, 'utf8')).replace(/"title": "[^"]*"/, `"title": "${title}"`));
      expect(await runCli(['generate:schemas'], memoryIo(root).io), title).toBe(0);
      const { io, stdout } = memoryIo(root);
      expect(await runCli(['generate:types'], io), `${title}: ${stdout()}`).toBe(0);
    }
    expect(await runCli(['generate', '--check'], memoryIo(root).io)).toBe(1); // registries never written
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
  });
});
