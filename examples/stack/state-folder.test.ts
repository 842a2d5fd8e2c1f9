import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimStateFolder, resetStateFolder } from './state-folder.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'state-folder-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('claimStateFolder', () => {
  it('claims a new folder, and resets only the subfolders the playground makes', async () => {
    const state = await claimStateFolder(join(root, 'new'));
    expect(await readFile(join(root, 'new', '.playground-state'), 'utf8')).toBe(`${process.pid}\n`);
    await mkdir(state.artifactsDir);
    await writeFile(join(state.artifactsDir, 'x.json'), '{}');
    await writeFile(join(state.path, 'notes.txt'), 'mine');
    await resetStateFolder(state);
    await expect(readFile(join(state.artifactsDir, 'x.json'))).rejects.toThrow('ENOENT');
    expect(await readFile(join(state.path, 'notes.txt'), 'utf8')).toBe('mine');
    await state.release();
    // Released: the next start may claim it again.
    await expect(claimStateFolder(join(root, 'new'))).resolves.toMatchObject({ path: join(root, 'new') });
  });

  it('takes a folder that holds only what the playground makes, marked or not', async () => {
    await mkdir(join(root, 'artifacts'));
    await mkdir(join(root, 'worker'));
    await expect(claimStateFolder(root)).resolves.toMatchObject({ path: root });
  });

  it('refuses a folder with files the playground did not make, touching nothing', async () => {
    await writeFile(join(root, 'precious.txt'), 'keep me');
    await expect(claimStateFolder(root)).rejects.toMatchObject({
      code: 'state-folder',
      message: `${root} has files the playground did not make; set PLAYGROUND_STATE_DIR to an empty or new folder`,
    });
    expect(await readFile(join(root, 'precious.txt'), 'utf8')).toBe('keep me');
  });

  it('refuses a folder another running process holds, and takes over one whose holder is gone', async () => {
    const parent = process.ppid; // running, and not this process
    await writeFile(join(root, '.playground-state'), `${parent}\n`);
    await expect(claimStateFolder(root)).rejects.toMatchObject({
      message: `another npm start (pid ${parent}) uses ${root}; stop it, or set PLAYGROUND_STATE_DIR to another folder`,
    });
    await writeFile(join(root, '.playground-state'), '999999999\n');
    await expect(claimStateFolder(root)).resolves.toMatchObject({ path: root });
  });
});
