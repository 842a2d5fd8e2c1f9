import { mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { memoryIo } from '../testing/memory-io.js';
import { copyExamplePackage, makeTempDir, removeTempDirs, snapshotTree } from '../testing/temp-package.js';

afterEach(removeTempDirs);

/**
 * A generated example package, broken by `breakIt`; then every command that reads the sources
 * must exit 1 with `expected` among its diagnostics (no `internal:` stack trace) and leave the
 * package, and `outside` when given, exactly as it was.
 */
async function expectRefused(
  breakIt: (root: string) => Promise<void>,
  expected: RegExp,
  outside?: string,
): Promise<void> {
  const root = await copyExamplePackage();
  expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
  await breakIt(root);
  const before = await snapshotTree(root);
  const beforeOutside = outside ? await snapshotTree(outside) : undefined;
  for (const command of ['validate', 'generate', 'generate:schemas', 'registry:global', 'lock:components']) {
    const { io, stdout, stderr } = memoryIo(root);
    expect(await runCli([command], io), command).toBe(1);
    expect(stderr(), command).toBe('');
    expect(stdout().split('\n'), command).toContainEqual(expect.stringMatching(expected));
  }
  expect(await snapshotTree(root)).toEqual(before);
  if (outside) expect(await snapshotTree(outside)).toEqual(beforeOutside);
}

const component = (id: string) =>
  `${JSON.stringify({ $schema: '../../../sot/component.schema.json', id, fields: { cmp_variant: 'string!' } })}\n`;

describe('reading the sources', () => {
  it('reports a component path that is a folder', async () => {
    await expectRefused(async (root) => {
      await mkdir(join(root, 'src/source/components/hero/hero2.json'));
    }, /^src\/source\/components\/hero\/hero2\.json:1:1 file-unreadable is a folder, not a file$/);
  });

  it('reports bytes that are not UTF-8 where they are, rather than read them as U+FFFD', async () => {
    await expectRefused(async (root) => {
      const path = join(root, 'src/source/components/hero/hero1.json');
      const text = await readFile(path, 'utf8');
      const at = text.indexOf('"title": "') + '"title": "'.length;
      const bytes = Buffer.concat([
        Buffer.from(text.slice(0, at)),
        Buffer.from([0xff, 0xfe]),
        Buffer.from(text.slice(at)),
      ]);
      await writeFile(path, bytes);
    }, /^src\/source\/components\/hero\/hero1\.json:4:13 file-not-utf8 not UTF-8 \(byte 0xFF here\)/);
  });

  it('refuses a source file that is a symbolic link leading outside the package', async () => {
    const outside = await makeTempDir('outside-');
    await writeFile(join(outside, 'evil1.json'), component('evil.evil1'));
    await expectRefused(
      async (root) => {
        await mkdir(join(root, 'src/source/components/evil'));
        await symlink(join(outside, 'evil1.json'), join(root, 'src/source/components/evil/evil1.json'));
      },
      /^src\/source\/components\/evil\/evil1\.json:1:1 path-outside-package leads outside the schema package/,
      outside,
    );
  });

  it('refuses a source folder that is a symbolic link leading outside the package', async () => {
    const outside = await makeTempDir('outside-');
    await writeFile(join(outside, 'evil1.json'), component('evil.evil1'));
    await expectRefused(
      (root) => symlink(outside, join(root, 'src/source/components/evil')),
      /^src\/source\/components\/evil:1:1 path-outside-package /,
      outside,
    );
  });

  it('refuses version.json when it is a symbolic link leading outside the package', async () => {
    const outside = await makeTempDir('outside-');
    await writeFile(join(outside, 'version.json'), '{"version": "9.9.9"}\n');
    await expectRefused(async (root) => {
      const path = join(root, 'src/source/version.json');
      await rm(path);
      await symlink(join(outside, 'version.json'), path);
    }, /^src\/source\/version\.json:1:1 path-outside-package /);
  });

  it('follows a symbolic link that stays inside the package', async () => {
    const root = await copyExamplePackage();
    await mkdir(join(root, 'shared-components'));
    const from = join(root, 'src/source/components/hero');
    await rename(from, join(root, 'shared-components/hero'));
    await symlink(join(root, 'shared-components/hero'), from);
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['validate'], io)).toBe(0);
    expect(stdout()).toBe('valid: 12 components, 5 collections\n');
  });

  it('reports a 10 MB source with 400,000 fields as too large, without overflowing the stack', async () => {
    await expectRefused(async (root) => {
      const fields: Record<string, string> = { cmp_variant: 'string!' };
      for (let index = 0; index < 400_000; index += 1) fields[`f${index}`] = 'string';
      const text = JSON.stringify({ $schema: '../../../sot/component.schema.json', id: 'big.big1', fields }, null, 2);
      expect(text.length).toBeGreaterThan(9_000_000);
      await mkdir(join(root, 'src/source/components/big'));
      await writeFile(join(root, 'src/source/components/big/big1.json'), text);
    }, /^src\/source\/components\/big\/big1\.json:1:1 file-too-large 9\.\d MiB, more than 4 MiB$/);
  });
});
