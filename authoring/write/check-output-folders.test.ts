import { mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { memoryIo } from '../testing/memory-io.js';
import { copyExamplePackage, makeTempDir, removeTempDirs, snapshotTree } from '../testing/temp-package.js';

afterEach(removeTempDirs);

/**
 * Runs `args` on the package at `root` once it is set up by `arrange`: exit 1, `expected` among the
 * diagnostics (no `internal:` stack trace), and nothing written or deleted, in the package or in
 * `outside`. Also with --check.
 */
async function expectRefused(root: string, args: string[], expected: RegExp, outside?: string): Promise<void> {
  const before = await snapshotTree(root);
  const beforeOutside = outside ? await snapshotTree(outside) : undefined;
  for (const run of [args, [...args, '--check']]) {
    const { io, stdout, stderr } = memoryIo(root);
    expect(await runCli(run, io), run.join(' ')).toBe(1);
    expect(stderr()).toBe('');
    expect(stdout().split('\n')).toContainEqual(expect.stringMatching(expected));
  }
  expect(await snapshotTree(root)).toEqual(before);
  if (outside) expect(await snapshotTree(outside)).toEqual(beforeOutside);
}

describe('output folders', () => {
  it('reports a CMS path that is a file, rather than fail with a stack trace', async () => {
    const root = await copyExamplePackage();
    await writeFile(join(root, 'cms'), 'not a folder\n');
    await expectRefused(root, ['generate'], /^cms:1:1 output-not-folder is a file where generate needs a folder/);
  });

  it('never deletes a file where an owned folder belongs (cms/src/api is a file)', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    await rm(join(root, 'cms/src/api'), { recursive: true });
    await writeFile(join(root, 'cms/src/api'), 'precious\n');
    await expectRefused(
      root,
      ['generate'],
      /^cms\/src\/api:1:1 output-not-folder is a file where generate writes a folder/,
    );
    expect(await readFile(join(root, 'cms/src/api'), 'utf8')).toBe('precious\n');
  });

  it('refuses an output folder inside the package that a symbolic link leads outside it', async () => {
    const root = await copyExamplePackage();
    const outside = await makeTempDir('outside-');
    await mkdir(join(outside, 'src/api/precious'), { recursive: true });
    await writeFile(join(outside, 'src/api/precious/file.js'), '// mine\n');
    await symlink(outside, join(root, 'cms'));
    await expectRefused(
      root,
      ['generate'],
      /^cms\/src\/api:1:1 path-outside-package leads outside the schema package/,
      outside,
    );
  });

  it('refuses an output folder that is itself a symbolic link (replacing the folder would replace the link)', async () => {
    const root = await copyExamplePackage();
    await mkdir(join(root, 'real-types'));
    await mkdir(join(root, 'generated'));
    await symlink(join(root, 'real-types'), join(root, 'generated/types'));
    await expectRefused(root, ['generate'], /^generated\/types:1:1 output-not-folder is a symbolic link/);
  });

  it('never deletes a symbolic link inside an owned folder', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    await symlink(join(root, 'src'), join(root, 'cms/src/components/link'));
    await expectRefused(
      root,
      ['generate'],
      /^cms\/src\/components\/link:1:1 output-foreign a symbolic link in cms\/src\/components/,
    );
  });

  it('keeps the other files of the registries folder byte for byte, even when they are not UTF-8', async () => {
    const root = await copyExamplePackage();
    await mkdir(join(root, 'generated/registries'), { recursive: true });
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x7d]);
    await writeFile(join(root, 'generated/registries/notes.bin'), bytes);
    expect(await runCli(['registry:strapi'], memoryIo(root).io)).toBe(0);
    expect((await readFile(join(root, 'generated/registries/notes.bin'))).equals(bytes)).toBe(true);
  });

  it('moves nothing aside when the folder to replace cannot be replaced', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    await rename(join(root, 'cms/catalog-schema'), join(root, 'sidecar'));
    await writeFile(join(root, 'cms/catalog-schema'), '{}\n');
    await expectRefused(root, ['generate:schemas'], /^cms\/catalog-schema:1:1 output-not-folder /);
  });
});
