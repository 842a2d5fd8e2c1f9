import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAuthoringConfig } from '../../config/load-authoring-config.js';
import { failingFileSystem } from '../../testing/failing-file-system.js';
import { memoryIo } from '../../testing/memory-io.js';
import { parseGeneratedCode, statementShapes } from '../../testing/parse-generated-code.js';
import { copyExamplePackage, readFiles, referenceSotDir, removeTempDirs } from '../../testing/temp-package.js';
import { nodeOutputFileSystem } from '../../write/output-file-system.js';
import { runCli } from '../run-cli.js';
import { generateCommand } from './generate-command.js';

afterEach(removeTempDirs);

async function retitle(root: string): Promise<void> {
  const path = join(root, 'src/source/collections/tag.json');
  await writeFile(path, (await readFile(path, 'utf8')).replace('"title": "Tag"', '"title": "Label"'));
}

describe('generate', () => {
  it('leaves the previous outputs untouched when it fails in the middle', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    const before = await readFiles(root);
    await retitle(root);
    // The types folder is staged after the cache and the CMS folders: fail there.
    const fs = failingFileSystem({ operation: 'writeFile', nth: 1, pathIncludes: 'index.ts' });
    const { io, stderr } = memoryIo(root);
    expect(await runCli(['generate'], io, { fs })).toBe(1);
    expect(fs.failed()).toBe(true);
    expect(stderr()).toMatch(
      /^catalog-schema generate: output-failed: could not write the outputs: EIO: injected failure/,
    );
    const after = await readFiles(root);
    after.delete('src/source/collections/tag.json');
    before.delete('src/source/collections/tag.json');
    expect(after).toEqual(before);
    expect((await readdir(join(root, 'cms'))).sort()).toEqual(['catalog-schema', 'src']);
    expect((await readdir(join(root, 'generated'))).sort()).toEqual(['registries', 'types']);
  });

  it("refuses to replace an owned folder holding someone's own files, and writes nothing", async () => {
    const root = await copyExamplePackage();
    await mkdir(join(root, 'cms/src/api/legacy/controllers'), { recursive: true });
    await writeFile(join(root, 'cms/src/api/legacy/controllers/legacy.ts'), '// mine\n');
    await writeFile(join(root, 'cms/src/api/.gitkeep'), '');
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['generate'], io)).toBe(1);
    expect(stdout()).toBe(
      [
        'cms/src/api/legacy/controllers/legacy.ts:1:1 output-foreign not written by catalog-schema, and cms/src/api is a folder generate replaces: move it elsewhere',
        'generate refused, nothing written: 1 problem in 1 file',
        '',
      ].join('\n'),
    );
    expect([...(await readFiles(join(root, 'cms'))).keys()]).toEqual([
      'src/api/.gitkeep',
      'src/api/legacy/controllers/legacy.ts',
    ]);
    await rm(join(root, 'cms/src/api/legacy'), { recursive: true });
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
  });

  it('refuses, on a first run, a hand-written file at a path it generates, and writes nothing', async () => {
    const root = await copyExamplePackage();
    await mkdir(join(root, 'cms/src/api/tag/controllers'), { recursive: true });
    await writeFile(join(root, 'cms/src/api/tag/controllers/tag.js'), '// my own controller\n');
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['generate'], io)).toBe(1);
    expect(stdout().split('\n')[0]).toBe(
      'cms/src/api/tag/controllers/tag.js:1:1 output-foreign not written by catalog-schema and differs from what generate writes there: move it elsewhere',
    );
    const written = [...(await readFiles(root)).keys()].filter((path) =>
      /^(cms|generated|\.catalog-schema)\//.test(path),
    );
    expect(written).toEqual(['cms/src/api/tag/controllers/tag.js']);
    expect(await readFile(join(root, 'cms/src/api/tag/controllers/tag.js'), 'utf8')).toBe('// my own controller\n');
  });

  it('adopts a file at a path it generates that already holds exactly what it would write', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    // The manifest lost (cache deleted): every file on disk is identical, so all are adopted.
    await rm(join(root, '.catalog-schema'), { recursive: true });
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
  });

  it('removes files an earlier run wrote that the sources no longer produce', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    await rm(join(root, 'src/source/collections/tag.json'));
    for (const file of ['page.json', 'article.json']) {
      const path = join(root, 'src/source/collections', file);
      const source = JSON.parse(await readFile(path, 'utf8'));
      delete source.fields.tags;
      await writeFile(path, JSON.stringify(source, null, 2));
    }
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    expect((await readdir(join(root, 'cms/src/api'))).sort()).toEqual(['article', 'author', 'page', 'site-setting']);
  });

  it('--check exits 1 and names each stale file when the sources changed', async () => {
    const root = await copyExamplePackage();
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    await retitle(root);
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['generate', '--check'], io)).toBe(1);
    expect(stdout().split('\n').slice(0, -2)).toEqual([
      '.catalog-schema/compiled-schema.json:3:1 output-outdated out of date: run the command without --check',
      // The manifest holds the SHA-256 of each file written, so it changes with them.
      '.catalog-schema/outputs.json:5:1 output-outdated out of date: run the command without --check',
      'cms/src/api/tag/content-types/tag/schema.json:7:1 output-outdated out of date: run the command without --check',
      'generated/types/index.ts:223:1 output-outdated out of date: run the command without --check',
    ]);
  });

  it("writes a title like T*/ import 'evil'; /* into the types as a comment, never as code", async () => {
    const root = await copyExamplePackage();
    const path = join(root, 'src/source/components/hero/hero1.json');
    const source = JSON.parse(await readFile(path, 'utf8'));
    source.title = "T*/ import 'evil'; /*";
    await writeFile(path, JSON.stringify(source, null, 2));
    expect(await runCli(['validate'], memoryIo(root).io)).toBe(0);
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    const types = await readFile(join(root, 'generated/types/index.ts'), 'utf8');
    expect(types).toContain("/** T*\\/ import 'evil'; /* (hero.hero1). */\nexport interface HeroHero1Component {");
    const { file, syntaxErrors } = parseGeneratedCode(types);
    expect(syntaxErrors).toEqual([]);
    expect(statementShapes(file).filter((shape) => !shape.startsWith('InterfaceDeclaration '))).toEqual([
      'TypeAliasDeclaration StrapiBlocks',
    ]);
  });
});

describe('generate and stored fields (docs/authoring-strapi-migrations.md)', () => {
  const hero = 'src/source/components/hero/hero1.json';
  const heroOutput = 'cms/src/components/hero/hero1.json';

  async function generated(): Promise<string> {
    const root = await copyExamplePackage();
    await copyFile(join(referenceSotDir, 'field.schema.json'), join(root, 'src/sot/field.schema.json'));
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    return root;
  }

  async function editHero(root: string, from: string, to: string): Promise<void> {
    const text = await readFile(join(root, hero), 'utf8');
    expect(text).toContain(from);
    await writeFile(join(root, hero), text.replace(from, to));
  }

  const attributes = async (root: string) => JSON.parse(await readFile(join(root, heroOutput), 'utf8')).attributes;

  it('refuses a removal or a retype nothing declares, naming the field, and writes nothing', async () => {
    const root = await generated();
    await editHero(root, '    "subtitle": "text",\n', '');
    await editHero(root, '"fullHeight": "boolean"', '"fullHeight": "string"');
    const before = await readFiles(root);
    const { io, stdout, stderr } = memoryIo(root);
    expect(await runCli(['generate'], io)).toBe(1);
    expect([stdout(), stderr()]).toEqual([
      '',
      'catalog-schema generate: field-change-undeclared: hero.hero1.subtitle removed, hero.hero1.fullHeight retyped (boolean → string): Strapi would drop the stored values at its next start. Declare a removal ({"type": …, "deprecated": true} in the source) or a rename (rename:field); a new type is a new field; nothing written\n',
    ]);
    expect(await readFiles(root)).toEqual(before);
  });

  it('keeps a declared removal as a hidden attribute; a rename also writes the database migration', async () => {
    const root = await generated();
    await editHero(root, '"subtitle": "text"', '"subtitle": { "type": "text", "deprecated": true }');
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    expect((await attributes(root)).subtitle).toEqual({ type: 'text' });
    const sidecar = JSON.parse(await readFile(join(root, 'cms/catalog-schema/admin-metadata.json'), 'utf8'));
    expect(sidecar.components['hero.hero1'].subtitle).toEqual({ edit: { visible: false, editable: false } });
    const types = await readFile(join(root, 'generated/types/index.ts'), 'utf8');
    expect(types).not.toMatch(/subtitle/);
    await editHero(root, '"deprecated": true }', '"deprecated": true, "renamedTo": "title" }');
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(1);
    await editHero(root, '"renamedTo": "title" }', '"renamedTo": "body" }');
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    const migrations = await readdir(join(root, 'cms/database/migrations'));
    expect(migrations).toEqual(['catalog-schema.hero.hero1.subtitle-to-body.js']);
    const text = await readFile(join(root, 'cms/database/migrations', migrations[0]!), 'utf8');
    expect(text).toContain("const table = 'components_hero_hero1s';");
    expect(text).toContain('columns.text(to, "longtext")');
    expect(await runCli(['generate', '--check'], memoryIo(root).io)).toBe(0);
  });

  it('--contract drops deprecated attributes only when no stored instance holds them', async () => {
    const root = await generated();
    await editHero(root, '"subtitle": "text"', '"subtitle": { "type": "text", "deprecated": true }');
    expect(await runCli(['generate'], memoryIo(root).io)).toBe(0);
    const context = { root, config: await loadAuthoringConfig(root, undefined, {}), fs: nodeOutputFileSystem };
    const before = await readFiles(root);
    const asked: string[] = [];
    const held = (answer: boolean) => async (component: string, field: string) => {
      asked.push(`${component}.${field}`);
      return answer;
    };
    await expect(generateCommand(context, { check: false, contract: true }, held(true))).rejects.toMatchObject({
      code: 'contract-blocked',
      exitCode: 1,
      message:
        'stored instances still hold hero.hero1.subtitle: run migrate-pages, then generate --contract again; nothing written',
    });
    expect(await readFiles(root)).toEqual(before);
    // The CLI asks the pages stored in Strapi: without STRAPI_URL it cannot, and refuses rather than guess.
    const cli = memoryIo(root);
    expect(await runCli(['generate', '--contract'], cli.io)).toBe(2);
    expect(cli.stderr()).toBe(
      "catalog-schema generate: migrate-pages-config-missing: migrate-pages needs STRAPI_URL (Strapi's origin, such as http://127.0.0.1:1337)\n",
    );
    expect(await readFiles(root)).toEqual(before);
    expect((await generateCommand(context, { check: false, contract: true }, held(false))).ok).toBe(true);
    expect(asked).toEqual(['hero.hero1.subtitle', 'hero.hero1.subtitle']);
    expect((await attributes(root)).subtitle).toBeUndefined();
    // Contracted: the deprecated entry may stay in the source; nothing brings the attribute back.
    expect(await runCli(['generate', '--check'], memoryIo(root).io)).toBe(0);
  });
});
