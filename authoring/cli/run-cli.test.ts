import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryIo } from '../testing/memory-io.js';
import {
  copyExamplePackage,
  examplePackageDir,
  makeTempDir,
  readFiles,
  removeTempDirs,
} from '../testing/temp-package.js';
import { runCli } from './run-cli.js';

afterEach(removeTempDirs);

const commands = [
  'validate',
  'generate',
  'lock:components',
  'rename:component',
  'generate:types',
  'generate:schemas',
  'registry:strapi',
  'registry:global',
];

async function brokenPackage(): Promise<string> {
  const root = await copyExamplePackage();
  await writeFile(
    join(root, 'src/source/components/hero/hero1.json'),
    '{\n  "$schema": "../../../sot/component.schema.json",\n  "id": "hero.hero1",\n  "fields": {\n    "cmp_variant": "string!",\n    "cta": "component(shared.nope)",\n    "kind": "enum(1a,b)"\n  }\n}\n',
  );
  return root;
}

describe('runCli', () => {
  it.each(commands)('prints help for %s and exits 0', async (command) => {
    const { io, stdout } = memoryIo(examplePackageDir);
    expect(await runCli([command, '--help'], io)).toBe(0);
    expect(stdout()).toContain(`Usage: catalog-schema ${command} [options]`);
  });

  it('prints the program help listing every command, and the version', async () => {
    const help = memoryIo(examplePackageDir);
    expect(await runCli(['--help'], help.io)).toBe(0);
    for (const command of commands) expect(help.stdout()).toContain(command);
    const version = memoryIo(examplePackageDir);
    expect(await runCli(['--version'], version.io)).toBe(0);
    expect(version.stdout()).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it.each([
    [['bogus']],
    [[]],
    [['validate', '--nope']],
    [['validate', '--format', 'xml']],
    [['rename:component', '--old', 'hero.hero1']],
    [['generate', '--language', 'go']],
    [['validate', 'extra-argument']],
  ])('exits 2 on the usage error %j, on stderr', async (args) => {
    const { io, stdout, stderr } = memoryIo(examplePackageDir);
    expect(await runCli(args, io)).toBe(2);
    expect(stdout()).toBe('');
    expect(stderr()).not.toBe('');
  });

  it.each([
    [['validate', '--x', '--format', 'json'], 'validate', "error: unknown option '--x'"],
    [['generate', '--format=json', '--chek'], 'generate', "error: unknown option '--chek'\n(Did you mean --check?)"],
    [
      ['rename:component', '--old', 'a.b', '--format', 'json'],
      'rename:component',
      "error: required option '--new <id>' not specified",
    ],
    [['nope', '--format', 'json'], '', "error: unknown command 'nope'"],
  ])('reports the usage error of %j as JSON on stdout with --format json, exit 2', async (args, command, message) => {
    const { io, stdout, stderr } = memoryIo(examplePackageDir);
    expect(await runCli(args, io)).toBe(2);
    expect(stderr()).toBe('');
    expect(JSON.parse(stdout())).toEqual({
      command,
      ok: false,
      error: { code: 'usage', message },
      diagnostics: [],
      written: [],
    });
  });

  it.each([
    [['validate', '--root', 'missing-folder'], 2, 'package-root-missing'],
    [['validate', '--config', 'missing.json'], 2, 'usage'],
    [['registry:global', '--component', 'hero7'], 2, 'variant-unknown'],
    [['rename:component', '--old', 'hero.nope', '--new', 'hero.hero2'], 2, 'rename-unknown-id'],
    [['rename:component', '--old', 'hero.hero1', '--new', 'shared.card'], 1, 'rename-target-exists'],
    [['generate', '--types', 'src'], 1, 'config-invalid'],
  ])('follows the exit code rule for %j: %i (%s)', async (args, exit, code) => {
    const root = await copyExamplePackage();
    const { io, stdout } = memoryIo(root);
    expect(await runCli([...args, '--format', 'json'], io)).toBe(exit);
    expect(JSON.parse(stdout()).error.code).toBe(code);
  });

  it('exits 2 when the package root is not a folder', async () => {
    const { io, stderr } = memoryIo(examplePackageDir);
    expect(await runCli(['validate', '--root', 'missing-folder'], io)).toBe(2);
    expect(stderr()).toContain('package-root-missing');
  });

  it('reports every failure as path:line:column code message and exits 1', async () => {
    const root = await brokenPackage();
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['validate'], io)).toBe(1);
    expect(stdout()).toBe(
      [
        'src/source/components/hero/hero1.json:6:12 component-unknown unknown component "shared.nope"',
        'src/source/components/hero/hero1.json:7:13 enum-value-invalid enum value "1a" starts with a digit',
        'validation failed: 2 problems in 1 file',
        '',
      ].join('\n'),
    );
  });

  it('reports a file nested thousands of levels deep as json-invalid, exit 1 (no stack overflow)', async () => {
    const root = await copyExamplePackage();
    await writeFile(join(root, 'src/source/components/hero/hero1.json'), '['.repeat(5000));
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['validate'], io)).toBe(1);
    expect(stdout().split('\n')).toContain(
      'src/source/components/hero/hero1.json:1:257 json-invalid nested too deeply: more than 256 levels of arrays and objects',
    );
  });

  it('gives the same list as JSON with --format json', async () => {
    const root = await brokenPackage();
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['validate', '--format', 'json'], io)).toBe(1);
    expect(JSON.parse(stdout())).toEqual({
      command: 'validate',
      ok: false,
      summary: 'validation failed: 2 problems in 1 file',
      diagnostics: [
        {
          path: 'src/source/components/hero/hero1.json',
          line: 6,
          column: 12,
          code: 'component-unknown',
          message: 'unknown component "shared.nope"',
        },
        {
          path: 'src/source/components/hero/hero1.json',
          line: 7,
          column: 13,
          code: 'enum-value-invalid',
          message: 'enum value "1a" starts with a digit',
        },
      ],
      written: [],
    });
  });

  it('writes nothing when validation fails', async () => {
    const root = await brokenPackage();
    const { io } = memoryIo(root);
    expect(await runCli(['generate'], io)).toBe(1);
    expect([...(await readFiles(root)).keys()].filter((path) => !path.startsWith('src/'))).toEqual([
      'catalog-schema.config.json',
      'package.json',
    ]);
  });

  it('reports an invalid config file at its line and column, exit 1', async () => {
    const root = await copyExamplePackage();
    await writeFile(join(root, 'catalog-schema.config.json'), '{\n  "cms": "cms",\n  "output": "x"\n}\n');
    const { io, stderr } = memoryIo(root);
    expect(await runCli(['generate'], io)).toBe(1);
    expect(stderr()).toBe(
      'catalog-schema generate: config-invalid: catalog-schema.config.json:3:3 schema-violation unknown key "output" (cms, language, types, registries, editorSchemas, cache, packages, scope, externals, builder, stagingRegistry, productionRegistry, publish)\n',
    );
  });

  it('takes output folders from flags over the config file, relative to the working folder', async () => {
    const root = await copyExamplePackage();
    const elsewhere = await makeTempDir();
    await mkdir(join(elsewhere, 'work'));
    const { io } = memoryIo(join(elsewhere, 'work'));
    const args = ['generate:schemas', '--root', root, '--cms', '../strapi', '--language', 'ts', '--cache', '../cache'];
    expect(await runCli(args, io)).toBe(0);
    const written = [...(await readFiles(elsewhere)).keys()];
    expect(written).toContain('strapi/src/api/page/controllers/page.ts');
    expect(written).toContain('strapi/src/components/hero/hero1.json');
    expect(written).toContain('cache/compiled-schema.json');
    expect([...(await readFiles(root)).keys()].some((path) => path.startsWith('cms/'))).toBe(false);
  });
});
