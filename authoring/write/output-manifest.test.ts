import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { memoryIo } from '../testing/memory-io.js';
import { copyExamplePackage, makeTempDir, readFiles, removeTempDirs } from '../testing/temp-package.js';

afterEach(removeTempDirs);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** A folder outside the schema package holding someone's work, as a CMS app would. */
async function victimApp(): Promise<{ dir: string; file: string; text: string }> {
  const dir = await makeTempDir('victim-');
  const text = "module.exports = { mine: 'precious' };\n";
  const file = join(dir, 'src/api/precious/controllers/precious.js');
  await put(file, text);
  return { dir, file, text };
}

/** Writes a manifest the package ships itself, claiming `files` of `folder` (old and new shapes). */
async function forgeManifest(root: string, folder: string, files: Record<string, string>, shape: 'list' | 'hash') {
  const folders = { [folder]: shape === 'list' ? Object.keys(files) : files };
  await put(join(root, '.catalog-schema/outputs.json'), `${JSON.stringify({ format: 2, folders }, null, 2)}\n`);
}

describe('the output manifest', () => {
  it('records a content hash per file it wrote', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    const manifest = JSON.parse(await readFile(join(root, '.catalog-schema/outputs.json'), 'utf8'));
    expect(manifest.format).toBe(2);
    const written = await readFile(join(root, 'cms/src/api/tag/controllers/tag.js'), 'utf8');
    expect(manifest.folders['cms/src/api']['tag/controllers/tag.js']).toBe(sha256(written));
    expect(Object.keys(manifest.folders).sort()).toEqual([
      '.catalog-schema',
      'cms/catalog-schema',
      'cms/src/api',
      'cms/src/components',
      'generated/types',
    ]);
  });

  it('refuses a config file that points an output folder outside the package, and deletes nothing there', async () => {
    const root = await copyExamplePackage();
    const victim = await victimApp();
    const cms = relative(root, victim.dir).split('\\').join('/');
    await writeFile(join(root, 'catalog-schema.config.json'), JSON.stringify({ cms }, null, 2));
    for (const shape of ['list', 'hash'] as const) {
      await forgeManifest(root, `${cms}/src/api`, { 'precious/controllers/precious.js': sha256('guess') }, shape);
      const { io, stderr } = memoryIo(root);
      expect(await runCli(['generate'], io)).toBe(1);
      expect(stderr()).toMatch(/^catalog-schema generate: config-invalid: catalog-schema\.config\.json:2:10 /);
      expect(await readFile(victim.file, 'utf8')).toBe(victim.text);
    }
  });

  it('never deletes a file a forged manifest claims when its content is not what was recorded', async () => {
    const root = await copyExamplePackage();
    const mine = join(root, 'cms/src/api/mine/controllers/mine.js');
    await put(mine, '// mine\n');
    await forgeManifest(root, 'cms/src/api', { 'mine/controllers/mine.js': sha256('something else\n') }, 'hash');
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['generate'], io)).toBe(1);
    expect(stdout().split('\n')[0]).toBe(
      'cms/src/api/mine/controllers/mine.js:1:1 output-foreign changed since catalog-schema wrote it (or not written by it): move it elsewhere',
    );
    expect(await readFile(mine, 'utf8')).toBe('// mine\n');
  });

  it('never deletes files of a folder outside the package (named by a flag) that a forged manifest claims', async () => {
    const root = await copyExamplePackage();
    const victim = await victimApp();
    const cms = relative(root, victim.dir).split('\\').join('/');
    await forgeManifest(root, `${cms}/src/api`, { 'precious/controllers/precious.js': sha256('guess') }, 'hash');
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['generate', '--cms', victim.dir], io)).toBe(1);
    expect(stdout()).toContain(`${cms}/src/api/precious/controllers/precious.js:1:1 output-foreign `);
    expect(await readFile(victim.file, 'utf8')).toBe(victim.text);
    expect([...(await readFiles(victim.dir)).keys()]).toEqual(['src/api/precious/controllers/precious.js']);
  });

  it('refuses a manifest that is not its own shape, or whose paths leave their folder, and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ folders: { 'cms/src/api': ['tag/controllers/tag.js'] } }, '.catalog-schema/outputs.json:1:1'],
      [{ format: 2, folders: { 'cms/src/api': { '../../../x.js': sha256('') } } }, '.catalog-schema/outputs.json:5:7'],
      [{ format: 2, folders: { 'cms/src/api': { '/etc/x.js': sha256('') } } }, '.catalog-schema/outputs.json:5:7'],
      [{ format: 2, folders: { 'cms/src/api': { 'a/./b.js': sha256('') } } }, '.catalog-schema/outputs.json:5:7'],
      [{ format: 2, folders: { 'cms/src/api': { 'a.js': 'not a hash' } } }, '.catalog-schema/outputs.json:5:15'],
    ];
    for (const [manifest, at] of cases) {
      const root = await copyExamplePackage();
      await put(join(root, '.catalog-schema/outputs.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      const { io, stdout } = memoryIo(root);
      expect(await runCli(['generate'], io), JSON.stringify(manifest)).toBe(1);
      expect(stdout().split('\n')[0]).toMatch(new RegExp(`^${at.replaceAll('.', '\\.')} output-manifest-invalid `));
      expect([...(await readFiles(root)).keys()].filter((path) => /^(cms|generated)\//.test(path))).toEqual([]);
    }
  });

  it('keeps a generated file that was edited by hand, rather than overwrite the edit', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    const edited = join(root, 'cms/src/api/tag/controllers/tag.js');
    await writeFile(edited, '// my edit\n');
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['generate'], io)).toBe(1);
    expect(stdout().split('\n')[0]).toMatch(/^cms\/src\/api\/tag\/controllers\/tag\.js:1:1 output-foreign /);
    expect(await readFile(edited, 'utf8')).toBe('// my edit\n');
  });
});
