import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthoringError } from '../authoring-error.js';
import type { VariantPackage } from '../model/variant-package.js';
import { makeTempDir, removeTempDirs } from '../testing/temp-package.js';
import { loadVariantMigrations } from './load-migrations.js';

afterEach(removeTempDirs);

const pkg: VariantPackage = {
  variant: 'hero9',
  dir: 'packages/ui-hero9',
  name: '@acme/ui-hero9',
  version: '2.0.0',
  entry: 'packages/ui-hero9/src/index.tsx',
  forced: undefined,
};

/** A schema package root whose variant hero9 holds `files` (path under the variant → text). */
async function variantWith(files: Record<string, string>): Promise<string> {
  const root = await makeTempDir();
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, pkg.dir, path, '..'), { recursive: true });
    await writeFile(join(root, pkg.dir, path), text);
  }
  return root;
}

async function failure(root: string): Promise<AuthoringError> {
  const error = await loadVariantMigrations(root, pkg).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AuthoringError);
  return error as AuthoringError;
}

describe('loadVariantMigrations', () => {
  it('is undefined for a variant without src/migrations.ts', async () => {
    const root = await variantWith({ 'src/index.tsx': 'export default () => null;\n' });
    expect(await loadVariantMigrations(root, pkg)).toBeUndefined();
  });

  it('bundles src/migrations.ts with its local imports, without React, and returns its steps', async () => {
    const root = await variantWith({
      'src/index.tsx': "import React from 'react';\nexport { migrations } from './migrations';\n",
      'src/rename.ts':
        'export const rename = (p: Record<string, unknown>) => { const { title, ...rest } = p; return { ...rest, heading: title }; };\n',
      'src/migrations.ts': "import { rename } from './rename';\nexport const migrations = { 1: rename };\n",
    });
    const migrations = await loadVariantMigrations(root, pkg);
    expect(Object.keys(migrations ?? {})).toEqual(['1']);
    expect(migrations?.['1']?.({ title: 'Hi', theme: 'dark' })).toEqual({ theme: 'dark', heading: 'Hi' });
  });

  it.each([
    [
      'a package import',
      "import x from 'react';\nexport const migrations = { 1: () => x };\n",
      'does not bundle: "react" is a package: migrations import only files of the variant',
    ],
    [
      'an import out of the variant',
      "import x from '../../x';\nexport const migrations = { 1: () => x };\n",
      'does not bundle: "../../x" leads outside the variant package',
    ],
    ['a syntax error', 'export const migrations = {\n', 'does not bundle: Expected identifier but found end of file'],
    ['a throw on import', "throw new Error('boom');\n", 'throws when loaded: boom'],
    ['no export', 'export const other = 1;\n', 'exports no "migrations"'],
    [
      'an array',
      'export const migrations = [];\n',
      '"migrations" must be an object: { [fromMajor]: (props) => props }',
    ],
    [
      'a key that is no major',
      "export const migrations = { 'v1': (p: object) => p };\n",
      'migrations key "v1" is not a major such as "1"',
    ],
    ['a step that is no function', 'export const migrations = { 1: 2 };\n', 'migrations["1"] is not a function'],
  ])('refuses %s: migration-failed naming the file', async (_, text, message) => {
    const root = await variantWith({ 'src/migrations.ts': text });
    const error = await failure(root);
    expect(error.code).toBe('migration-failed');
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe(`packages/ui-hero9/src/migrations.ts: ${message}`);
  });
});
