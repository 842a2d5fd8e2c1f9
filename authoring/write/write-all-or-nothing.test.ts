import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthoringError } from '../authoring-error.js';
import { failingFileSystem } from '../testing/failing-file-system.js';
import { makeTempDir, readFiles, removeTempDirs } from '../testing/temp-package.js';
import { writeAllOrNothing } from './write-all-or-nothing.js';

afterEach(removeTempDirs);

async function snapshot(root: string) {
  return Object.fromEntries(await readFiles(root));
}

/** A package with two files and a folder, the state every failure must leave as it was. */
async function before(): Promise<string> {
  const root = await makeTempDir();
  await mkdir(join(root, 'out'), { recursive: true });
  await writeFile(join(root, 'a.txt'), 'a1\n');
  await writeFile(join(root, 'gone.txt'), 'gone\n');
  await writeFile(join(root, 'out/x.txt'), 'x1\n');
  return root;
}

const entries = (root: string) =>
  [
    { kind: 'file', target: join(root, 'a.txt'), content: 'a2\n' },
    { kind: 'file', target: join(root, 'new/deep/b.txt'), content: 'b\n' },
    { kind: 'remove', target: join(root, 'gone.txt') },
    { kind: 'folder', target: join(root, 'out'), files: new Map([['y/y.txt', 'y\n']]) },
  ] as const;

describe('writeAllOrNothing', () => {
  it('writes files, removes files and replaces folders, leaving no temporary file', async () => {
    const root = await before();
    await writeAllOrNothing(entries(root), { within: [root] });
    expect(await snapshot(root)).toEqual({ 'a.txt': 'a2\n', 'new/deep/b.txt': 'b\n', 'out/y/y.txt': 'y\n' });
    expect((await readdir(root)).sort()).toEqual(['a.txt', 'new', 'out']);
  });

  it.each([
    ['writing the first new file', { operation: 'writeFile', nth: 1 }],
    ['writing a file of the folder', { operation: 'writeFile', nth: 1, pathIncludes: 'y.txt' }],
    ['moving the first file aside', { operation: 'rename', nth: 1 }],
    ['moving the new file in', { operation: 'rename', nth: 3 }],
    ['moving the folder aside, after a removal', { operation: 'rename', nth: 5 }],
    ['moving the new folder in, last', { operation: 'rename', nth: 6 }],
  ] as const)('leaves nothing half-written when %s fails', async (_, plan) => {
    const root = await before();
    const state = await snapshot(root);
    const fs = failingFileSystem(plan);
    const failure = await writeAllOrNothing(entries(root), { within: [root], fs }).catch((error: unknown) => error);
    expect(fs.failed()).toBe(true);
    expect((failure as NodeJS.ErrnoException).code).toBe('EIO');
    expect(await snapshot(root)).toEqual(state);
    // No temporary or moved-aside file, and no folder made for a new file.
    expect((await readdir(root)).sort()).toEqual(['a.txt', 'gone.txt', 'out']);
    expect(await readdir(join(root, 'out'))).toEqual(['x.txt']);
  });

  it('throws what `failed` makes of a failure, with the phase it happened in', async () => {
    const root = await before();
    const phases: string[] = [];
    const failed = (error: unknown, phase: string) => {
      phases.push(phase);
      return new AuthoringError('output-failed', `${phase}: ${(error as Error).message}`);
    };
    for (const plan of [
      { operation: 'writeFile', nth: 1 },
      { operation: 'rename', nth: 2 },
    ] as const) {
      const fs = failingFileSystem(plan);
      await expect(writeAllOrNothing(entries(root), { within: [root], fs, failed })).rejects.toMatchObject({
        code: 'output-failed',
      });
    }
    expect(phases).toEqual(['stage', 'commit']);
  });

  it('writes nothing outside the folders the command owns', async () => {
    const parent = await makeTempDir();
    const root = join(parent, 'package');
    await mkdir(root);
    const outside = [
      { kind: 'file', target: join(root, 'ok.txt'), content: 'ok\n' },
      { kind: 'file', target: join(root, '../escaped.txt'), content: 'no\n' },
    ] as const;
    const failure = await writeAllOrNothing(outside, { within: [root] }).catch((error: unknown) => error);
    expect((failure as AuthoringError).code).toBe('output-failed');
    expect(await readdir(parent)).toEqual(['package']);
    expect(await readdir(root)).toEqual([]);

    const leaving = [{ kind: 'folder', target: join(root, 'out'), files: new Map([['../up.txt', 'no\n']]) }] as const;
    const refused = await writeAllOrNothing(leaving, { within: [root] }).catch((error: unknown) => error);
    expect((refused as AuthoringError).code).toBe('output-failed');
    expect(existsSync(join(root, 'up.txt'))).toBe(false);
    expect(await readdir(root)).toEqual([]);
  });
});
