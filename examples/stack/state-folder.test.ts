import { lstat, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyWithRelease } from './release-copy.js';
import { listReleases } from './release-overlays.js';
import { claimStateFolder, resetStateFolder } from './state-folder.js';

let root: string;
/** A folder of someone else's, beside the state folders. */
let outside: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'state-folder-'));
  outside = join(root, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'precious.txt'), 'keep me');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const claim = (path: string) => claimStateFolder(path);
const refusal = (folder: string, what: string) => ({
  code: 'state-folder',
  message: `${folder} has files the playground did not make (${what}); set PLAYGROUND_STATE_DIR to an empty or new folder`,
});

/** A folder as a previous `npm start` left it: marker, a published store and its cached copy, the worker. */
async function previousStart(folder: string): Promise<void> {
  for (const dir of ['artifacts', 'publish-cache/artifacts']) {
    await mkdir(join(folder, dir, '@acme/ui-x@1.0.0'), { recursive: true });
    await writeFile(join(folder, dir, 'catalog.json'), '{}');
    await writeFile(join(folder, dir, '@acme/ui-x@1.0.0/publish-manifest.json'), '{}');
  }
  await writeFile(join(folder, 'artifacts/@acme/ui-x@1.0.0/data.json'), '{"title":"republished"}');
  await mkdir(join(folder, 'publish-cache/esm/@acme/ui-x@1.0.0/es2022'), { recursive: true });
  await writeFile(join(folder, 'publish-cache/esm/@acme/ui-x@1.0.0/es2022/ui-x.mjs'), 'export {};');
  await writeFile(join(folder, 'publish-cache/key'), 'abc\n');
  await mkdir(join(folder, 'worker'));
  await writeFile(join(folder, '.playground-state'), '');
  await writeFile(join(folder, 'worker/service-worker.js'), '');
}

describe('claimStateFolder', () => {
  it('claims a new folder, and resets only the subfolders the playground makes, keeping its publish cache', async () => {
    const state = await claim(join(root, 'new'));
    expect(await readFile(join(root, 'new', '.playground-state'), 'utf8')).toBe(`${process.pid}\n`);
    await previousStart(state.path);
    await writeFile(join(state.path, '.playground-state'), `${process.pid}\n`);
    await resetStateFolder(state);
    await expect(lstat(state.artifactsDir)).rejects.toThrow('ENOENT');
    await expect(lstat(state.workerDir)).rejects.toThrow('ENOENT');
    expect(state.cacheDir).toBe(join(root, 'new', 'publish-cache'));
    expect(await readFile(join(state.cacheDir, 'key'), 'utf8')).toBe('abc\n');
    await state.release();
    // Released: the next start may claim it again.
    await expect(claim(join(root, 'new'))).resolves.toMatchObject({ path: join(root, 'new') });
  });

  it('takes a folder that holds only what the playground makes, marked or not', async () => {
    const folder = join(root, 'state');
    await previousStart(folder);
    await rm(join(folder, '.playground-state'));
    await writeFile(join(folder, 'artifacts/@acme/ui-x@1.0.0/schema.json'), '{}'); // published later
    await writeFile(join(folder, 'artifacts/.put-0b6e1f4c3f5e4c1e.tmp'), '{}');
    // What the playground copied from examples/artifacts before its catalog was the schema package's.
    await writeFile(join(folder, 'artifacts/@acme/ui-x@1.0.0/preview.svg'), '<svg/>');
    await expect(claim(folder)).resolves.toMatchObject({ path: folder });
  });

  it('takes what `catalog-schema publish` put in its folder stores, and empties them at the reset', async () => {
    const folder = join(root, 'state');
    await previousStart(folder);
    const published = {
      'artifacts/@acme/ui-hero2@0.1.0/data.json': '{}',
      'artifacts/@acme/ui-hero2@0.1.0/descriptor.json': '{}',
      'artifacts/@acme/ui-hero2@0.1.0/publish-manifest.json': '{}',
      'artifacts/@acme/ui-hero2@0.1.0/strapi-attributes.json': '{}',
      'artifacts/@acme/ui-hero2/versions.json': '{}',
      'artifacts/ui-plain/versions.json': '{}',
      'artifacts/@acme/ui-hero2@0.1.0/.put-00112233aabbccdd.tmp': '{}',
      'artifacts/@other/ui-x@2.0.0-beta.1/meta.json': '{}',
      'artifacts/ui-plain@1.0.0/puck.json': '{}',
      'artifacts/@acme/ui-x@1.0.0/publish-manifest.json': '{}',
      'esm/@acme/ui-hero2@0.1.0.mjs': 'export {};',
      'esm/@acme/ui-hero2@0.1.0/es2022/ui-hero2.mjs': 'export {};',
      'esm/@acme/.put-00112233aabbccdd.tmp': '',
    };
    for (const [path, text] of Object.entries(published)) {
      await mkdir(join(folder, path, '..'), { recursive: true });
      await writeFile(join(folder, path), text);
    }
    const state = await claim(folder);
    expect(state.esmDir).toBe(join(folder, 'esm'));
    await resetStateFolder(state);
    for (const dir of [state.artifactsDir, state.esmDir, state.workerDir]) {
      await expect(lstat(dir)).rejects.toThrow('ENOENT');
    }
  });

  it('takes a copy of the schema package with a release overlay left in release/ (a publish cut short), and empties it', async () => {
    const folder = join(root, 'state');
    await previousStart(folder);
    const [release] = await listReleases();
    await copyWithRelease(release!, join(folder, 'release'));
    const state = await claim(folder);
    expect(state.releaseDir).toBe(join(folder, 'release'));
    await resetStateFolder(state);
    await expect(lstat(state.releaseDir)).rejects.toThrow('ENOENT');
  });

  it.each([
    ['artifacts/@acme/ui-hero2@0.1.0/notes.txt', 'artifacts/@acme/ui-hero2@0.1.0/notes.txt'],
    ['artifacts/@acme/ui-hero2@0.1.0/es2022/x.json', 'artifacts/@acme/ui-hero2@0.1.0/es2022'],
    // A package folder holds only its version index (`versions.json`).
    ['artifacts/@acme/hero/data.json', 'artifacts/@acme/hero/data.json'],
    ['artifacts/data.json', 'artifacts/data.json'],
    ['esm/@acme/ui-hero2@0.1.0.js', 'esm/@acme/ui-hero2@0.1.0.js'],
    ['esm/@acme/ui-hero2@0.1.0/index.mjs', 'esm/@acme/ui-hero2@0.1.0/index.mjs'],
    ['esm/@acme/ui-hero2@0.1.0/es2022/notes.txt', 'esm/@acme/ui-hero2@0.1.0/es2022/notes.txt'],
    ['esm/notes/a.mjs', 'esm/notes'],
    ['esm/.put-short.tmp', 'esm/.put-short.tmp'],
    ['esm/catalog.json', 'esm/catalog.json'],
    ['artifacts/@acme/catalog.json', 'artifacts/@acme/catalog.json'],
    ['publish-cache/notes.txt', 'publish-cache/notes.txt'],
    ['publish-cache/esm/notes/a.mjs', 'publish-cache/esm/notes'],
    ['publish-cache/worker/service-worker.js', 'publish-cache/worker'],
    ['publish-cache/artifacts/@acme/ui-x@1.0.0/notes.txt', 'publish-cache/artifacts/@acme/ui-x@1.0.0/notes.txt'],
    ['publish-cache/esm/@acme/ui-x@1.0.0/index.mjs', 'publish-cache/esm/@acme/ui-x@1.0.0/index.mjs'],
    // release/ holds only paths of the schema package and of the release overlays, each of its kind.
    ['release/notes.txt', 'release/notes.txt'],
    ['release/packages/ui-hero1/notes.txt', 'release/packages/ui-hero1/notes.txt'],
    ['release/packages/ui-hero1/dist/index.mjs', 'release/packages/ui-hero1/dist'],
    ['release/package.json/x', 'release/package.json'],
  ])('refuses %s, which no publish makes', async (path, named) => {
    const folder = join(root, 'state');
    await previousStart(folder);
    await mkdir(join(folder, path, '..'), { recursive: true });
    await writeFile(join(folder, path), 'mine');
    await expect(claim(folder)).rejects.toMatchObject(refusal(folder, named));
    expect(await readFile(join(folder, path), 'utf8')).toBe('mine');
  });

  it('refuses a folder with files the playground did not make, touching nothing', async () => {
    await writeFile(join(root, 'precious.txt'), 'keep me');
    await expect(claim(root)).rejects.toMatchObject(refusal(root, 'outside'));
    expect(await readFile(join(root, 'precious.txt'), 'utf8')).toBe('keep me');
  });

  it('refuses a marked folder that also holds foreign files, wherever they are', async () => {
    const folder = join(root, 'state');
    await previousStart(folder);
    await writeFile(join(folder, 'notes.txt'), 'mine');
    await expect(claim(folder)).rejects.toMatchObject(refusal(folder, 'notes.txt'));
    await rm(join(folder, 'notes.txt'));
    await writeFile(join(folder, 'artifacts/@acme/ui-x@1.0.0/mine.txt'), 'mine');
    await expect(claim(folder)).rejects.toMatchObject(refusal(folder, 'artifacts/@acme/ui-x@1.0.0/mine.txt'));
    await rm(join(folder, 'artifacts/@acme/ui-x@1.0.0/mine.txt'));
    await mkdir(join(folder, 'worker/assets'));
    await expect(claim(folder)).rejects.toMatchObject(refusal(folder, 'worker/assets'));
  });

  it('a forged marker does not make a folder the playground’s', async () => {
    // Someone's own artifacts folder, with a marker copied in (or a stray `touch`).
    const folder = join(root, 'project');
    await mkdir(join(folder, 'artifacts'), { recursive: true });
    await writeFile(join(folder, 'artifacts/design.json'), 'mine');
    await writeFile(join(folder, '.playground-state'), '');
    await expect(claim(folder)).rejects.toMatchObject(refusal(folder, 'artifacts/design.json'));
    expect(await readFile(join(folder, 'artifacts/design.json'), 'utf8')).toBe('mine');
  });

  it('refuses symbolic links, and never writes or deletes through one', async () => {
    const folder = join(root, 'state');
    await previousStart(folder);
    await rm(join(folder, '.playground-state'));
    await symlink(join(outside, 'precious.txt'), join(folder, '.playground-state'));
    await expect(claim(folder)).rejects.toMatchObject(refusal(folder, '.playground-state'));
    expect(await readFile(join(outside, 'precious.txt'), 'utf8')).toBe('keep me');

    await rm(join(folder, '.playground-state'));
    await rm(join(folder, 'artifacts'), { recursive: true });
    await symlink(outside, join(folder, 'artifacts'));
    await expect(claim(folder)).rejects.toMatchObject(refusal(folder, 'artifacts'));
    expect(await readFile(join(outside, 'precious.txt'), 'utf8')).toBe('keep me');
  });

  it('checks again before it deletes: files added after the claim stay, and the start fails', async () => {
    const folder = join(root, 'state');
    await previousStart(folder);
    const state = await claim(folder);
    await writeFile(join(state.workerDir, 'notes.txt'), 'mine');
    await expect(resetStateFolder(state)).rejects.toMatchObject(refusal(folder, 'worker/notes.txt'));
    expect(await readFile(join(state.workerDir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(await readFile(join(state.artifactsDir, 'catalog.json'), 'utf8')).toBe('{}');
  });

  it('refuses a path that is not a folder', async () => {
    const file = join(outside, 'precious.txt');
    await expect(claim(file)).rejects.toMatchObject({
      code: 'state-folder',
      message: `${file} is not a folder; set PLAYGROUND_STATE_DIR to an empty or new folder`,
    });
    expect(await readFile(file, 'utf8')).toBe('keep me');
  });

  it('refuses a folder another running process holds, and takes over one whose holder is gone', async () => {
    const parent = process.ppid; // running, and not this process
    const folder = join(root, 'state');
    await previousStart(folder);
    await writeFile(join(folder, '.playground-state'), `${parent}\n`);
    await expect(claim(folder)).rejects.toMatchObject({
      message: `another npm start (pid ${parent}) uses ${folder}; stop it, or set PLAYGROUND_STATE_DIR to another folder`,
    });
    await writeFile(join(folder, '.playground-state'), '999999999\n');
    await expect(claim(folder)).resolves.toMatchObject({ path: folder });
  });
});
