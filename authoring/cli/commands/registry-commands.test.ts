import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/memory-io.js';
import { copyExamplePackage, examplePackageDir, readFiles, removeTempDirs } from '../../testing/temp-package.js';
import { runCli } from '../run-cli.js';

afterEach(removeTempDirs);

const golden = (name: string) =>
  readFile(join(examplePackageDir, `golden/generated/registries/${name}.golden`), 'utf8');

describe('registry:strapi and registry:global', () => {
  it('write one registry each (strapi.json with strapi-schema.json) and keep the other', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['registry:strapi'], memoryIo(root).io)).toBe(0);
    expect([...(await readFiles(join(root, 'generated/registries'))).keys()]).toEqual([
      'strapi-schema.json',
      'strapi.json',
    ]);
    expect(await runCli(['registry:global'], memoryIo(root).io)).toBe(0);
    const registries = await readFiles(join(root, 'generated/registries'));
    expect(registries.get('strapi.json')).toBe(await golden('strapi.json'));
    expect(registries.get('strapi-schema.json')).toBe(await golden('strapi-schema.json'));
    expect(registries.get('global.json')).toBe(await golden('global.json'));
  });

  it('registry:global --component rewrites that variant only, keeping the other entries as they are', async () => {
    const root = await copyExamplePackage();
    const dir = join(root, 'generated/registries');
    await mkdir(dir, { recursive: true });
    const stale = { version: '0.9.0', components: { 'hero:hero1': { stale: true }, 'zz:kept': { kept: true } } };
    await writeFile(join(dir, 'global.json'), JSON.stringify(stale));
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['registry:global', '--component', 'hero1'], io)).toBe(0);
    expect(stdout()).toBe('registry:global: wrote 1 file\n');
    const registry = JSON.parse(await readFile(join(dir, 'global.json'), 'utf8'));
    const full = JSON.parse(await golden('global.json'));
    expect(registry).toEqual({
      version: '1.0.0',
      components: { 'hero:hero1': full.components['hero:hero1'], 'zz:kept': { kept: true } },
    });
    expect(registry.components['hero:hero1'].type).toBe('dynamic-zone');
    expect(full.components['shared:button'].type).toBe('global');
  });

  it.each([['hero.hero1'], ['hero:hero1']])('accepts the id or key form %s', async (variant) => {
    const root = await copyExamplePackage();
    expect(await runCli(['registry:global', '--component', variant], memoryIo(root).io)).toBe(0);
  });

  it('registry:strapi --check reports a stale or missing strapi-schema.json', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['registry:strapi'], memoryIo(root).io)).toBe(0);
    const upToDate = memoryIo(root);
    expect(await runCli(['registry:strapi', '--check'], upToDate.io)).toBe(0);
    expect(upToDate.stdout()).toBe('registry:strapi up to date (2 files)\n');
    await rm(join(root, 'generated/registries/strapi-schema.json'));
    const missing = memoryIo(root);
    expect(await runCli(['registry:strapi', '--check'], missing.io)).toBe(1);
    expect(missing.stdout()).toContain('generated/registries/strapi-schema.json:1:1 output-missing');
  });

  it('refuses to rewrite one entry of a registry it cannot read (exit 1)', async () => {
    const root = await copyExamplePackage();
    await mkdir(join(root, 'generated/registries'), { recursive: true });
    await writeFile(join(root, 'generated/registries/global.json'), '{ broken');
    const { io, stderr } = memoryIo(root);
    expect(await runCli(['registry:global', '--component', 'hero1'], io)).toBe(1);
    expect(stderr()).toBe(
      'catalog-schema registry:global: output-failed: generated/registries/global.json is not valid JSON: run registry:global without --component\n',
    );
    expect(await readFile(join(root, 'generated/registries/global.json'), 'utf8')).toBe('{ broken');
  });

  it('exits 2 for an unknown variant', async () => {
    const root = await copyExamplePackage();
    const { io, stderr } = memoryIo(root);
    expect(await runCli(['registry:global', '--component', 'hero7'], io)).toBe(2);
    expect(stderr()).toContain('variant-unknown: no component "hero7"');
  });
});
