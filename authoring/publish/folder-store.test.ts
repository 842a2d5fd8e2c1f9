import * as fs from 'node:fs/promises';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AuthoringError } from '../authoring-error.js';
import { FolderStore, maxStoredObjectBytes } from './folder-store.js';
import { describeObjectStore } from './object-store.case.js';

// The real file system, with calls that a test can make fail once (atomicity).
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, open: vi.fn(actual.open), rename: vi.fn(actual.rename) };
});

const json = { contentType: 'application/json' };
const text = (value: string) => new TextEncoder().encode(value);
const folders: string[] = [];

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'folder-store-'));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  vi.mocked(fs.open).mockClear();
  vi.mocked(fs.rename).mockClear();
});
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function storeFailed(promise: Promise<unknown>): Promise<AuthoringError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AuthoringError);
  expect((error as AuthoringError).code).toBe('store-failed');
  return error as AuthoringError;
}

describeObjectStore('FolderStore', async () => new FolderStore(join(await tempFolder(), 'artifacts')));

describe('FolderStore', () => {
  it('writes <root>/<key>, the file the artifacts origin serves', async () => {
    const root = await tempFolder();
    await new FolderStore(root).put('@acme/ui-hero1@1.0.0/data.json', text('{}'), json);
    expect(await readFile(join(root, '@acme/ui-hero1@1.0.0/data.json'), 'utf8')).toBe('{}');
    expect(new FolderStore(root).description).toBe(`folder ${root}`);
  });

  it('creates a missing root when its parent exists, and refuses to grow a tree above it', async () => {
    const parent = await tempFolder();
    expect(await new FolderStore(join(parent, 'root')).get('a.json')).toBeUndefined();
    await new FolderStore(join(parent, 'root')).put('a.json', text('1'), json);
    expect(await readFile(join(parent, 'root/a.json'), 'utf8')).toBe('1');
    await storeFailed(new FolderStore(join(parent, 'missing/root')).put('a.json', text('1'), json));
    expect(await readdir(parent)).toEqual(['root']);
  });

  it('refuses a link in the key path that leads outside the root, on get and put', async () => {
    const [root, outside] = [await tempFolder(), await tempFolder()];
    await writeFile(join(outside, 'secret.json'), 'secret');
    await symlink(outside, join(root, 'escape'));
    const store = new FolderStore(root);
    const error = await storeFailed(store.get('escape/secret.json'));
    expect(error.message).toContain('outside');
    await storeFailed(store.put('escape/secret.json', text('overwritten'), json));
    await storeFailed(store.put('escape/new/file.json', text('new'), json));
    expect(await readFile(join(outside, 'secret.json'), 'utf8')).toBe('secret');
    expect(await readdir(outside)).toEqual(['secret.json']);
  });

  it('refuses to read through a final link that leads outside the root', async () => {
    const [root, outside] = [await tempFolder(), await tempFolder()];
    await writeFile(join(outside, 'secret.json'), 'secret');
    await symlink(join(outside, 'secret.json'), join(root, 'link.json'));
    await storeFailed(new FolderStore(root).get('link.json'));
  });

  it('replaces a final link on put and leaves its target alone', async () => {
    const [root, outside] = [await tempFolder(), await tempFolder()];
    await writeFile(join(outside, 'target.json'), 'target');
    await symlink(join(outside, 'target.json'), join(root, 'link.json'));
    await new FolderStore(root).put('link.json', text('new'), json);
    expect(await readFile(join(outside, 'target.json'), 'utf8')).toBe('target');
    expect((await fs.lstat(join(root, 'link.json'))).isSymbolicLink()).toBe(false);
    expect(await readFile(join(root, 'link.json'), 'utf8')).toBe('new');
  });

  it('follows links that stay inside the root, and a root that is itself a link', async () => {
    const base = await tempFolder();
    await mkdir(join(base, 'real/v1'), { recursive: true });
    await symlink(join(base, 'real/v1'), join(base, 'real/current'));
    await symlink(join(base, 'real'), join(base, 'root'));
    const store = new FolderStore(join(base, 'root'));
    await store.put('current/data.json', text('{"v":1}'), json);
    expect(await readFile(join(base, 'real/v1/data.json'), 'utf8')).toBe('{"v":1}');
    expect(new TextDecoder().decode(await store.get('current/data.json'))).toBe('{"v":1}');
  });

  it('refuses to write through a file or over a folder, and reads neither as an object', async () => {
    const root = await tempFolder();
    const store = new FolderStore(root);
    await store.put('file', text('x'), json);
    await store.put('folder/inner.json', text('y'), json);
    await storeFailed(store.put('file/inner.json', text('z'), json));
    await storeFailed(store.put('folder', text('z'), json));
    expect(await store.get('file/inner.json')).toBeUndefined();
    expect(await store.get('folder')).toBeUndefined();
    expect((await readdir(join(root, 'folder'))).sort()).toEqual(['inner.json']);
  });

  it(`refuses to read a file over ${maxStoredObjectBytes} bytes`, async () => {
    const root = await tempFolder();
    await writeFile(join(root, 'huge.bin'), '');
    await truncate(join(root, 'huge.bin'), maxStoredObjectBytes + 1);
    const error = await storeFailed(new FolderStore(root).get('huge.bin'));
    expect(error.message).toContain(String(maxStoredObjectBytes + 1));
  });

  it('keeps the old file, and no temp file, when the write fails half-way', async () => {
    const root = await tempFolder();
    const store = new FolderStore(root);
    await store.put('data.json', text('old'), json);
    const actualOpen = vi.mocked(fs.open).getMockImplementation()!;
    vi.mocked(fs.open).mockImplementationOnce(async (...args) => {
      const handle = await actualOpen(...args);
      // Half the bytes reach the disk, then the disk is full.
      handle.writeFile = async (data) => {
        await handle.write((data as Uint8Array).subarray(0, 2));
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      };
      return handle;
    });
    const error = await storeFailed(store.put('data.json', text('new and longer'), json));
    expect(error.message).toContain('ENOSPC');
    expect(await readFile(join(root, 'data.json'), 'utf8')).toBe('old');
    expect(await readdir(root)).toEqual(['data.json']);
  });

  it('keeps the old file, and no temp file, when the rename fails', async () => {
    const root = await tempFolder();
    const store = new FolderStore(root);
    await store.put('data.json', text('old'), json);
    vi.mocked(fs.rename).mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
    await storeFailed(store.put('data.json', text('new'), json));
    expect(await readFile(join(root, 'data.json'), 'utf8')).toBe('old');
    expect(await readdir(root)).toEqual(['data.json']);
  });

  it('keeps one whole value of concurrent puts of one key', async () => {
    const store = new FolderStore(await tempFolder());
    const values = ['a', 'b', 'c'].map((letter) => text(letter.repeat(100_000)));
    await Promise.all(values.map((value) => store.put('same.json', value, json)));
    const same = await store.get('same.json');
    expect(values.some((value) => Buffer.compare(Buffer.from(same!), Buffer.from(value)) === 0)).toBe(true);
  });

  it('lets a reader see the old or the new file whole while puts replace it', async () => {
    const root = await tempFolder();
    const store = new FolderStore(root);
    const versions = ['a', 'b', 'c', 'd'].map((letter) => text(letter.repeat(256 * 1024)));
    await store.put('data.json', versions[0]!, json);
    const seen = new Set<string>();
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const bytes = await store.get('data.json');
        const first = bytes![0]!;
        expect(bytes!.byteLength).toBe(256 * 1024);
        expect(bytes!.every((byte) => byte === first)).toBe(true);
        seen.add(String.fromCharCode(first));
      }
    })();
    for (let round = 0; round < 10; round += 1) {
      await Promise.all(versions.map((version) => store.put('data.json', version, json)));
    }
    writing = false;
    await reader;
    expect(seen.size).toBeGreaterThan(0);
  });
});
