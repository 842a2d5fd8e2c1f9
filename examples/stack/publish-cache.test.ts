import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PublishCacheFolders, publishInputsKey, restorePublished, savePublished } from './publish-cache.js';

let root: string;
let schemaPackage: string;
let folders: PublishCacheFolders;

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** Every file under `dir`, relative, with its text. */
async function tree(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path.slice(dir.length + 1)] = await readFile(path, 'utf8');
  }
  return files;
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'publish-cache-'));
  schemaPackage = join(root, 'schema-package');
  await write(join(schemaPackage, 'src/source/components/hero/hero1.json'), '{"id": "hero.hero1"}');
  await write(join(schemaPackage, 'packages/ui-hero1/src/index.tsx'), 'export default function Hero() {}');
  await write(join(schemaPackage, 'packages/ui-hero1/data.json'), '{"title": "Hi"}');
  await write(join(schemaPackage, 'catalog-schema.config.json'), '{}');
  folders = { artifactsDir: join(root, 'artifacts'), esmDir: join(root, 'esm'), cacheDir: join(root, 'publish-cache') };
  await write(join(folders.artifactsDir, 'catalog.json'), '{"packages": []}');
  await write(join(folders.artifactsDir, '@acme/ui-hero1@1.0.0/data.json'), '{"title": "Hi"}');
  await write(join(folders.esmDir, '@acme/ui-hero1@1.0.0.mjs'), 'export * from "./x";');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('publishInputsKey', () => {
  it('changes with the sources, the variant packages and the variants, not with a build output', async () => {
    const key = await publishInputsKey(schemaPackage, ['hero1']);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await publishInputsKey(schemaPackage, ['hero1'])).toBe(key);
    await write(join(schemaPackage, 'packages/ui-hero1/dist/index.mjs'), 'built');
    await write(join(schemaPackage, 'generated/types/index.ts'), 'generated');
    expect(await publishInputsKey(schemaPackage, ['hero1'])).toBe(key);
    expect(await publishInputsKey(schemaPackage, ['hero1', 'hero2'])).not.toBe(key);

    await write(join(schemaPackage, 'packages/ui-hero1/data.json'), '{"title": "Hello"}');
    const edited = await publishInputsKey(schemaPackage, ['hero1']);
    expect(edited).not.toBe(key);
    await write(join(schemaPackage, 'src/source/components/hero/hero1.json'), '{"id": "hero.hero1", "title": "x"}');
    expect(await publishInputsKey(schemaPackage, ['hero1'])).not.toBe(edited);
  });
});

describe('savePublished and restorePublished', () => {
  it('restores exactly what was saved, for the same key only', async () => {
    const published = { artifacts: await tree(folders.artifactsDir), esm: await tree(folders.esmDir) };
    await savePublished(folders, 'key-1');
    for (const dir of [folders.artifactsDir, folders.esmDir]) {
      await rm(dir, { recursive: true });
      await mkdir(dir);
    }
    expect(await restorePublished(folders, 'key-2')).toBe(false);
    expect(await tree(folders.artifactsDir)).toEqual({});
    expect(await restorePublished(folders, 'key-1')).toBe(true);
    expect({ artifacts: await tree(folders.artifactsDir), esm: await tree(folders.esmDir) }).toEqual(published);
  });

  it('restores nothing without a cache, and undoes a copy that fails halfway', async () => {
    const empty = { ...folders, artifactsDir: join(root, 'a2'), esmDir: join(root, 'e2') };
    await Promise.all([mkdir(empty.artifactsDir), mkdir(empty.esmDir)]);
    expect(await restorePublished(empty, 'key-1')).toBe(false);
    await savePublished(folders, 'key-1');
    await rm(join(folders.cacheDir, 'esm'), { recursive: true });
    expect(await restorePublished(empty, 'key-1')).toBe(false);
    expect([await tree(empty.artifactsDir), await tree(empty.esmDir)]).toEqual([{}, {}]);
  });
});
