import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthoringError } from '../authoring-error.js';
import type { OutputRoot } from '../generate/output-root.js';
import { failingFileSystem } from '../testing/failing-file-system.js';
import { makeTempDir, readFiles, removeTempDirs } from '../testing/temp-package.js';
import { writeOutputs } from './write-outputs.js';

afterEach(removeTempDirs);

const roots = (version: string): OutputRoot[] => [
  { dir: 'out/api', files: new Map([[`a/${version}.json`, `{"v":"${version}"}\n`]]), mode: 'replace' },
  { dir: 'out/components', files: new Map([['c.json', `${version}\n`]]), mode: 'replace' },
  { dir: 'registries', files: new Map([['strapi.json', `${version}\n`]]), mode: 'merge' },
];

async function snapshot(root: string) {
  return Object.fromEntries(await readFiles(root));
}

describe('writeOutputs', () => {
  it('replaces owned folders, drops stale files there, and keeps other files of merged folders', async () => {
    const root = await makeTempDir();
    await writeOutputs(root, roots('v1'));
    await writeFile(join(root, 'registries/global.json'), 'kept\n');
    await writeOutputs(root, roots('v2'));
    expect(await snapshot(root)).toEqual({
      'out/api/a/v2.json': '{"v":"v2"}\n',
      'out/components/c.json': 'v2\n',
      'registries/global.json': 'kept\n',
      'registries/strapi.json': 'v2\n',
    });
  });

  it('leaves every previous output untouched when writing fails in the middle (and leaves no temporary folder)', async () => {
    const root = await makeTempDir();
    await writeOutputs(root, roots('v1'));
    const before = await snapshot(root);
    const fs = failingFileSystem({ operation: 'writeFile', nth: 1, pathIncludes: 'c.json' });
    const failure = await writeOutputs(root, roots('v2'), fs).catch((error: unknown) => error);
    expect(fs.failed()).toBe(true);
    expect(failure).toBeInstanceOf(AuthoringError);
    expect((failure as AuthoringError).code).toBe('output-failed');
    expect(await snapshot(root)).toEqual(before);
    expect((await readdir(join(root, 'out'))).sort()).toEqual(['api', 'components']);
  });

  it('moves swapped folders back when a swap fails', async () => {
    const root = await makeTempDir();
    await writeOutputs(root, roots('v1'));
    const before = await snapshot(root);
    // Renames: api→old, tmp→api, components→old, tmp→components (fails here).
    const fs = failingFileSystem({ operation: 'rename', nth: 4 });
    await expect(writeOutputs(root, roots('v2'), fs)).rejects.toThrow(AuthoringError);
    expect(fs.failed()).toBe(true);
    expect(await snapshot(root)).toEqual(before);
    expect((await readdir(join(root, 'out'))).sort()).toEqual(['api', 'components']);
    expect((await readdir(root)).sort()).toEqual(['out', 'registries']);
  });

  it('removes the parent folders it made when the first run fails', async () => {
    const root = await makeTempDir();
    const fs = failingFileSystem({ operation: 'writeFile', nth: 1, pathIncludes: 'c.json' });
    await expect(writeOutputs(root, roots('v1'), fs)).rejects.toThrow(AuthoringError);
    expect(await readdir(root)).toEqual([]);
  });

  it('creates folders that do not exist yet', async () => {
    const root = await makeTempDir();
    await writeOutputs(root, [{ dir: 'deep/er/out', files: new Map([['x/y.txt', 'y\n']]), mode: 'replace' }]);
    expect(await snapshot(root)).toEqual({ 'deep/er/out/x/y.txt': 'y\n' });
  });
});
