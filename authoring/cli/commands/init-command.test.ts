import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultWrittenConfig, parse } from '@changesets/config';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAuthoringConfig } from '../../config/load-authoring-config.js';
import { changesetConfig } from '../../release/changeset-config.js';
import { readChangesetPackages } from '../../release/changeset-packages.js';
import { failingFileSystem } from '../../testing/failing-file-system.js';
import { memoryIo } from '../../testing/memory-io.js';
import { makeTempDir, readFiles, referenceSotDir, removeTempDirs, snapshotTree } from '../../testing/temp-package.js';
import { cliVersion } from '../cli-version.js';
import { type RunCliOptions, runCli } from '../run-cli.js';

afterEach(removeTempDirs);

const templateDir = fileURLToPath(new URL('../../templates/schema-package/', import.meta.url));

async function run(cwd: string, args: string[], options: RunCliOptions = {}) {
  const { io, stdout, stderr } = memoryIo(cwd);
  const code = await runCli(args, io, options);
  return { code, out: stdout(), err: stderr() };
}

/** Runs `--format json` and parses the one object it prints. */
async function runJson(cwd: string, args: string[], options: RunCliOptions = {}) {
  const result = await run(cwd, [...args, '--format', 'json'], options);
  return { code: result.code, report: JSON.parse(result.out) };
}

const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8'));

/** Runs a script of the package's package.json in-process, as `npm run <name> -- <extra>` would (`catalog-schema <args>`). */
async function runScript(root: string, name: string, extra: string[] = []) {
  const script: string = (await readJson(join(root, 'package.json'))).scripts[name];
  const [bin, ...args] = script.split(' ');
  expect(bin).toBe('catalog-schema');
  return run(root, [...args, ...extra]);
}

/** The files init writes besides `.github/`, whose workflows another part of the template owns. */
const OWN_FILES = [
  '.changeset/README.md',
  '.changeset/config.json',
  '.gitignore',
  'README.md',
  'builder/README.md',
  'builder/package.json',
  'catalog-schema.config.json',
  'package.json',
  'src/sot/collection.schema.json',
  'src/sot/component-ids.lock.schema.json',
  'src/sot/component.schema.json',
  'src/sot/field.schema.json',
  'src/sot/version.schema.json',
  'src/source/collections/page.json',
  'src/source/component-ids.lock.json',
  'src/source/components/hero/hero1.json',
  'src/source/version.json',
];

/** The files below the template's `.github/`, whatever they are. */
async function githubFiles(): Promise<string[]> {
  const dir = join(templateDir, '.github');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => `.github/${relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/')}`)
    .sort();
}

/**
 * The commands of the README's "The first hour" block, without their comments: what init prints
 * as next steps, after `cd`.
 */
async function firstHourOfReadme(root: string): Promise<string[]> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const block = /## The first hour\n[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  return block
    .trimEnd()
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim());
}

/** The commands the CLI defines, as `--help` lists them. */
async function cliCommands(cwd: string): Promise<string[]> {
  const help = await run(cwd, ['--help']);
  return [...help.out.matchAll(/^ {2}([a-z][a-z:-]*) /gm)].map((match) => match[1]!);
}

describe('init', () => {
  it('writes a package that validates, generates, scaffolds and builds with no edit, through its own scripts', async () => {
    const parent = await makeTempDir();
    const init = await runJson(parent, ['init', 'acme-site']);
    expect(init.code).toBe(0);
    const root = join(parent, 'acme-site');
    expect(init.report).toMatchObject({
      command: 'init',
      ok: true,
      dryRun: false,
      root,
      name: '@acme-site/catalog-schemas',
      scope: '@acme-site',
      cms: 'cms',
      authoring: cliVersion(),
      kept: [],
    });
    expect(init.report.written.filter((path: string) => !path.startsWith('.github/'))).toEqual(OWN_FILES);
    // The whole template tree is copied, whatever .github/ holds.
    expect(init.report.written.filter((path: string) => path.startsWith('.github/'))).toEqual(await githubFiles());
    expect([...(await readFiles(root)).keys()]).toEqual(init.report.written);

    const manifest = await readJson(join(root, 'package.json'));
    expect(manifest).toMatchObject({ name: '@acme-site/catalog-schemas', private: true, type: 'module' });
    expect(manifest.devDependencies).toEqual({ '@runtime-component-catalog/authoring': cliVersion() });
    expect(manifest.engines).toEqual(
      (await readJson(fileURLToPath(new URL('../../package.json', import.meta.url)))).engines,
    );
    // A script for every command but init, named after it (spec 4.4's names), `--staging` where it is required.
    const commands = (await cliCommands(parent)).filter((command) => command !== 'init');
    expect(Object.keys(manifest.scripts).sort()).toEqual([...commands].sort());
    for (const command of commands) {
      const staging = ['sync:deps', 'release'].includes(command) ? ' --staging' : '';
      expect(manifest.scripts[command]).toBe(`catalog-schema ${command}${staging}`);
    }
    expect(await readJson(join(root, 'catalog-schema.config.json'))).toMatchObject({ cms: 'cms', scope: '@acme-site' });
    expect((await readJson(join(root, 'builder/package.json'))).name).toBe('@acme-site/builder');
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    expect(readme.startsWith('# @acme-site/catalog-schemas\n')).toBe(true);
    expect(readme).not.toContain('{{');
    expect(await readFile(join(root, 'builder/README.md'), 'utf8')).toContain('"@acme-site/ui-hero2": "staging"');
    expect(await readFiles(join(root, 'src/sot'))).toEqual(await readFiles(referenceSotDir));
    expect(await readFile(join(root, '.gitignore'), 'utf8')).toBe(
      await readFile(join(templateDir, 'gitignore'), 'utf8'),
    );
    // The next steps it prints are the README's first hour.
    expect(init.report.next[0]).toBe('cd acme-site');
    expect(init.report.next.slice(1).map((line: string) => line.replace(/#.*/, '').trim())).toEqual(
      await firstHourOfReadme(root),
    );
    expect(init.report.next.at(-1)).toBe(
      'npm run publish -- hero2   # set HOST_APP_URL, HOST_REVALIDATION_SECRET and the stores first: README.md',
    );

    // The first hour, script by script (publish needs a host: the packaging suite runs it).
    expect(await runScript(root, 'lock:components', ['--check'])).toMatchObject({ code: 0 });
    expect(await runScript(root, 'validate')).toEqual({
      code: 0,
      out: 'valid: 1 components, 1 collections\n',
      err: '',
    });
    for (const script of ['generate:schemas', 'generate:types']) {
      const result = await runScript(root, script);
      expect(result.code, result.out + result.err).toBe(0);
    }
    const scaffold = await runScript(root, 'scaffold', ['--category', 'hero']);
    expect(scaffold.code, scaffold.out + scaffold.err).toBe(0);
    expect(scaffold.out).toBe('scaffold: created hero2 (@acme-site/ui-hero2), 8 files\n');
    const build = await runScript(root, 'build');
    expect(build.code, build.out + build.err).toBe(0);
    expect(build.out).toContain('@acme-site/ui-hero2@0.1.0 server');
    expect(await runScript(root, 'validate')).toEqual({
      code: 0,
      out: 'valid: 2 components, 1 collections, 1 variant, 1 editor schema\n',
      err: '',
    });
    expect((await runScript(root, 'generate')).code).toBe(0);
    expect(await runScript(root, 'generate', ['--check'])).toMatchObject({ code: 0 });
    expect((await readJson(join(root, 'cms/src/api/page/content-types/page/schema.json'))).collectionName).toBe(
      'pages',
    );

    // .changeset/ is what `changeset init` writes, and its settings are the ones the release commands use.
    expect(await readFile(join(root, '.changeset/config.json'), 'utf8')).toBe(
      `${JSON.stringify({ ...defaultWrittenConfig, baseBranch: 'main' }, null, 2)}\n`,
    );
    const changesetsCli = createRequire(import.meta.url).resolve('@changesets/cli/package.json');
    expect(await readFile(join(root, '.changeset/README.md'), 'utf8')).toBe(
      await readFile(join(changesetsCli, '../default-files/README.md'), 'utf8'),
    );
    const packages = await readChangesetPackages(root, await loadAuthoringConfig(root, undefined, {}));
    expect(packages.ok).toBe(true);
    if (packages.ok) {
      const written = parse(await readJson(join(root, '.changeset/config.json')), packages.value.packages);
      expect(written).toEqual(changesetConfig(packages.value.packages));
    }
  }, 120_000);

  it('refuses a folder that is not empty (init-target-not-empty, exit 2) and writes nothing; .git alone is empty', async () => {
    const root = await makeTempDir();
    await writeFile(join(root, 'notes.txt'), 'ours\n');
    const before = await snapshotTree(root);
    const refused = await run(root, ['init']);
    expect(refused.code).toBe(2);
    expect(refused.err).toBe(
      `catalog-schema init: init-target-not-empty: ${root} is not empty (notes.txt): give a new or empty folder, or add --force to write the template's files beside what is there (nothing is overwritten or deleted)\n`,
    );
    expect(await snapshotTree(root)).toEqual(before);
    const json = await runJson(root, ['init']);
    expect([json.code, json.report.error.code, json.report.written]).toEqual([2, 'init-target-not-empty', []]);

    const repository = await makeTempDir();
    await mkdir(join(repository, '.git'));
    expect((await run(repository, ['init', '--name', '@team/schemas'])).code).toBe(0);
    expect((await readJson(join(repository, 'package.json'))).name).toBe('@team/schemas');
  });

  it('--force adds the files a folder lacks and keeps identical ones; a different file or a link stops it, nothing written', async () => {
    const root = await makeTempDir();
    expect((await run(root, ['init', '--name', '@team/schemas'])).code).toBe(0);
    await rm(join(root, 'src/source/version.json'));
    await writeFile(join(root, 'notes.txt'), 'ours\n');
    const forced = await runJson(root, ['init', '--name', '@team/schemas', '--force']);
    expect(forced.code).toBe(0);
    expect(forced.report.written).toEqual(['src/source/version.json']);
    expect(forced.report.kept).toEqual(
      [...(await readFiles(root)).keys()].filter((path) => !['notes.txt', 'src/source/version.json'].includes(path)),
    );
    expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('ours\n');

    // Another name makes package.json differ: refused, nothing written (the missing file included).
    await rm(join(root, 'src/source/version.json'));
    const before = await snapshotTree(root);
    const conflict = await runJson(root, ['init', '--name', '@other/schemas', '--force']);
    expect([conflict.code, conflict.report.error.code]).toEqual([1, 'init-conflict']);
    expect(conflict.report.error.message).toContain(': README.md differs from the template');
    expect(conflict.report.error.message).toContain('; package.json differs from the template');
    expect(await snapshotTree(root)).toEqual(before);

    // A link inside the folder that leads out of it is never written through.
    const outside = await makeTempDir();
    const linked = await makeTempDir();
    await symlink(outside, join(linked, 'src'));
    const throughLink = await runJson(linked, ['init', '--name', '@team/schemas', '--force']);
    expect([throughLink.code, throughLink.report.error.code]).toEqual([1, 'init-conflict']);
    expect(throughLink.report.error.message).toContain('src is a symbolic link');
    expect(await readdir(outside)).toEqual([]);
    expect([...(await snapshotTree(linked)).keys()]).toEqual(['src']);
  });

  it('--cms-dir: a Strapi app inside the package goes in the config, one elsewhere in the scripts that write it', async () => {
    const parent = await makeTempDir();
    const inside = join(parent, 'inside');
    await mkdir(join(inside, 'strapi'), { recursive: true });
    await writeFile(join(inside, 'strapi/package.json'), '{"name": "strapi-app"}\n');
    const local = await runJson(inside, ['init', '--name', '@team/schemas', '--cms-dir', 'strapi', '--force']);
    expect([local.code, local.report.cms]).toEqual([0, 'strapi']);
    expect((await readJson(join(inside, 'catalog-schema.config.json'))).cms).toBe('strapi');
    expect((await readJson(join(inside, 'package.json'))).scripts['generate:schemas']).toBe(
      'catalog-schema generate:schemas',
    );
    expect(await readFile(join(inside, 'README.md'), 'utf8')).toContain(
      'They write into `strapi/`, your Strapi app (`"cms"` in `catalog-schema.config.json`).',
    );
    expect((await runScript(inside, 'generate:schemas')).code).toBe(0);
    expect(await readdir(join(inside, 'strapi/src/api'))).toEqual(['page']);

    // A TypeScript Strapi app beside the package: the config file cannot name it, the scripts do.
    await mkdir(join(parent, 'cms app'));
    await writeFile(join(parent, 'cms app/tsconfig.json'), '{}\n');
    const sibling = await runJson(parent, ['init', 'site', '--name', '@team/schemas', '--cms-dir', 'cms app']);
    expect([sibling.code, sibling.report.cms]).toEqual([0, '../cms app']);
    const scripts = (await readJson(join(parent, 'site/package.json'))).scripts;
    expect([scripts.generate, scripts['generate:schemas']]).toEqual([
      'catalog-schema generate --cms "../cms app"',
      'catalog-schema generate:schemas --cms "../cms app"',
    ]);
    expect((await readJson(join(parent, 'site/catalog-schema.config.json'))).cms).toBe('cms');
    // What `npm run generate:schemas` runs: sh passes "../cms app" as one argument.
    const generated = await run(join(parent, 'site'), ['generate:schemas', '--cms', '../cms app']);
    expect(generated.code, generated.out + generated.err).toBe(0);
    expect(await readdir(join(parent, 'cms app/src/api/page/controllers'))).toEqual(['page.ts']);
  });

  it('--cms-dir that is not an app folder of its own is init-cms-invalid (exit 2), nothing written', async () => {
    const parent = await makeTempDir();
    await writeFile(join(parent, 'file'), '');
    await mkdir(join(parent, 'pkg/src/cms'), { recursive: true });
    const cases: [string[], string][] = [
      [['init', 'new', '--cms-dir', 'missing'], '--cms-dir missing is not a folder'],
      [['init', 'new', '--cms-dir', 'file'], '--cms-dir file is not a folder'],
      [['init', 'pkg', '--force', '--cms-dir', 'pkg'], 'is the schema package folder itself'],
      [['init', 'pkg', '--force', '--cms-dir', 'pkg/src/cms'], "is inside the schema package's own src"],
    ];
    const before = await snapshotTree(parent);
    for (const [args, message] of cases) {
      const { code, report } = await runJson(parent, [...args, '--name', '@team/schemas']);
      expect([args, code, report.error.code]).toEqual([args, 2, 'init-cms-invalid']);
      expect(report.error.message).toContain(message);
    }
    expect(await snapshotTree(parent)).toEqual(before);
  });

  it('--name and --scope: a default from the folder name, and a clear error for a name npm refuses', async () => {
    const parent = await makeTempDir();
    const derived = await runJson(parent, ['init', 'My Schemas!', '--dry-run']);
    expect([derived.code, derived.report.name, derived.report.scope]).toEqual([
      0,
      '@my-schemas/catalog-schemas',
      '@my-schemas',
    ]);
    const unscoped = await runJson(parent, ['init', 'x', '--name', 'site-schemas', '--scope', '@team', '--dry-run']);
    expect([unscoped.code, unscoped.report.name, unscoped.report.scope]).toEqual([0, 'site-schemas', '@team']);

    const before = await snapshotTree(parent);
    const refused: [string[], string][] = [
      [['--name', 'Site'], '--name "Site" is not a valid npm name: npm names are lowercase letters'],
      [['--name', '@team/../x'], 'is not a valid npm name'],
      [['--name', 'http', '--scope', '@team'], 'npm reserves it'],
      [['--name', `@team/${'x'.repeat(210)}`], 'it is longer than 214 characters'],
      [['--name', 'site-schemas'], '--name site-schemas has no scope: give'],
      [['--scope', 'team'], '--scope "team" is not an npm scope'],
    ];
    for (const [flags, message] of refused) {
      const { code, report } = await runJson(parent, ['init', 'new', ...flags]);
      expect([flags, code, report.error.code]).toEqual([flags, 2, 'init-name-invalid']);
      expect(report.error.message).toContain(message);
    }
    const nameless = await runJson(parent, ['init', '___']);
    expect([nameless.code, nameless.report.error.code]).toEqual([2, 'init-name-invalid']);
    expect(nameless.report.error.message).toContain('give one with --name');
    expect(await snapshotTree(parent)).toEqual(before);
  });

  it('refuses hostile folders (init-target-invalid, exit 2): a file, a link, a path out through a link, a missing parent', async () => {
    const cwd = await makeTempDir();
    const outside = await makeTempDir();
    await writeFile(join(cwd, 'file'), 'x');
    await symlink(outside, join(cwd, 'link'));
    const cases: [string, string][] = [
      ['file', `${join(cwd, 'file')} is a file, not a folder`],
      ['link', `${join(cwd, 'link')} is a symbolic link (to ${outside}): give the folder itself`],
      ['link/new', `leads out of the working folder ${cwd} through a symbolic link (to ${outside})`],
      ['missing/new', `its parent ${join(cwd, 'missing')} is not a folder`],
      ['file/new', `its parent ${join(cwd, 'file')} is not a folder`],
      ['a\0b', 'is not a path'],
    ];
    const before = [await snapshotTree(cwd), await snapshotTree(outside)];
    for (const [dir, message] of cases) {
      const { code, report } = await runJson(cwd, ['init', dir, '--name', '@team/schemas']);
      expect([dir, code, report.error.code]).toEqual([dir, 2, 'init-target-invalid']);
      expect(report.error.message).toContain(message);
    }
    expect([await snapshotTree(cwd), await snapshotTree(outside)]).toEqual(before);
  });

  it('--dry-run checks and lists the files, writes nothing', async () => {
    const parent = await makeTempDir();
    const { code, report } = await runJson(parent, ['init', 'site', '--dry-run', '--name', '@team/schemas']);
    expect(code).toBe(0);
    expect(report.written).toEqual([]);
    expect(report.files.filter((path: string) => !path.startsWith('.github/'))).toEqual(OWN_FILES);
    expect(report.summary).toMatch(/^init --dry-run: would create @team\/schemas .* nothing written$/);
    expect(await readdir(parent)).toEqual([]);
  });

  it('leaves nothing behind when a write fails (output-failed, exit 1), not even the folder it made', async () => {
    const parent = await makeTempDir();
    const fs = failingFileSystem({ operation: 'rename', nth: 5 });
    const { code, report } = await runJson(parent, ['init', 'site', '--name', '@team/schemas'], { fs });
    expect(fs.failed()).toBe(true);
    expect([code, report.error.code]).toEqual([1, 'output-failed']);
    expect(report.error.message).toContain('nothing written');
    expect(await readdir(parent)).toEqual([]);
  });

  it('prints what it wrote and the next commands in text', async () => {
    const parent = await makeTempDir();
    const { code, out } = await run(parent, ['init', 'site', '--name', '@team/schemas']);
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    const wrote = lines.filter((line) => line.startsWith('wrote '));
    expect(wrote.filter((line) => !line.startsWith('wrote .github/'))).toEqual(
      OWN_FILES.map((path) => `wrote ${path}`),
    );
    const { report } = await runJson(parent, ['init', 'other', '--name', '@team/schemas', '--dry-run']);
    expect(lines.slice(lines.indexOf('next:'))).toEqual([
      'next:',
      '  cd site',
      ...report.next.slice(1).map((command: string) => `  ${command}`),
      `init: created @team/schemas (variants @team/ui-<variant>, CMS folder cms) in ${join(parent, 'site')}: ${wrote.length} files`,
    ]);
  });
});
