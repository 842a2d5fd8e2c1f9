import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../authoring/cli/run-cli.js';
import { memoryIo } from '../../authoring/testing/memory-io.js';
import {
  copyExamplePackage,
  examplePackageDir,
  readFiles,
  referenceSotDir,
  removeTempDirs,
} from '../../authoring/testing/temp-package.js';

// Golden files of the generated tree: golden/<path>.golden, one per generated file. After an
// intended change of the output, refresh them with UPDATE_GOLDEN=1 npx vitest run examples/schema-package
// (that run writes the files and fails on purpose), then run again without it.
const goldenDir = join(examplePackageDir, 'golden');
const outputDirs = ['cms', 'generated', '.catalog-schema'];

async function generatedTree(root: string): Promise<Map<string, string>> {
  const tree = new Map<string, string>();
  for (const dir of outputDirs) {
    for (const [path, text] of await readFiles(join(root, dir))) tree.set(`${dir}/${path}`, text);
  }
  return new Map([...tree].sort(([a], [b]) => (a < b ? -1 : 1)));
}

afterEach(removeTempDirs);

describe('the example schema package', () => {
  it('is valid', async () => {
    const { io, stdout } = memoryIo(examplePackageDir);
    expect(await runCli(['validate'], io)).toBe(0);
    expect(stdout()).toBe('valid: 12 components, 5 collections, 7 variants\n');
  });

  it('generates exactly the golden tree', async () => {
    const root = await copyExamplePackage();
    const { io, stdout } = memoryIo(root);
    expect(await runCli(['generate'], io)).toBe(0);
    expect(stdout()).toBe('generate: wrote 42 files\n');
    const tree = await generatedTree(root);
    if (process.env.UPDATE_GOLDEN === '1') {
      await rm(goldenDir, { recursive: true, force: true });
      for (const [path, text] of tree) {
        await mkdir(dirname(join(goldenDir, path)), { recursive: true });
        await writeFile(join(goldenDir, `${path}.golden`), text);
      }
      // Rewriting is never a pass: CI must not go green while the golden tree is being replaced.
      expect.fail('golden tree rewritten (UPDATE_GOLDEN=1): review the diff, then run again without it');
    }
    const golden = new Map(
      [...(await readFiles(goldenDir))].map(([path, text]) => [path.replace(/\.golden$/, ''), text]),
    );
    expect([...tree.keys()]).toEqual([...golden.keys()]);
    for (const [path, text] of tree) expect(text, path).toBe(golden.get(path));
  });

  it('generates the same bytes twice, and --check then passes', async () => {
    const root = await copyExamplePackage();
    const { io } = memoryIo(root);
    expect(await runCli(['generate'], io)).toBe(0);
    const first = await generatedTree(root);
    expect(await runCli(['generate'], io)).toBe(0);
    expect(await generatedTree(root)).toEqual(first);
    const check = memoryIo(root);
    expect(await runCli(['generate', '--check'], check.io)).toBe(0);
    expect(check.stdout()).toBe('generate up to date (42 files)\n');
  });

  it('covers every shorthand form, every object form key and every relation alias and option format', async () => {
    const sources = [...(await readFiles(join(examplePackageDir, 'src/source')))]
      .filter(([path]) => path.startsWith('components/') || path.startsWith('collections/'))
      .map(([, text]) => JSON.parse(text) as { fields: Record<string, unknown> });
    const values = sources.flatMap((source) => Object.values(source.fields));
    const shorthands = values.filter((value): value is string => typeof value === 'string');
    const objectKeys = new Set(
      values.flatMap((value) => (typeof value === 'object' && value ? Object.keys(value) : [])),
    );
    const scalars = [
      'string',
      'text',
      'blocks',
      'richtext',
      'email',
      'password',
      'date',
      'time',
      'datetime',
      'timestamp',
    ];
    for (const type of [...scalars, 'integer', 'biginteger', 'float', 'decimal', 'boolean', 'json']) {
      expect(
        shorthands.some((value) => value === type || value === `${type}!`),
        type,
      ).toBe(true);
    }
    const forms = [
      /^string!$/,
      /^uid$/,
      /^uid\(\w+\)!$/,
      /^component\([\w.-]+\)$/,
      /^component\([\w.-]+\)\[\]!?$/,
      /^dynamicZone\([\w.-]+(,[\w.-]+)+\)$/,
      /^media$/,
      /^media\(images,files\)$/,
      /^media\(images\)$/,
      /^media\(images\)\[\]$/,
      /^enum\(.+\)!?$/,
      /^relation\(\w+,[\w-]+\)$/,
      /^relation\(\w+,api::[\w-]+\.[\w-]+,.+\)$/,
      /^relation\(\w+,plugin::[\w-]+\.[\w-]+\)$/,
      /^relation\(.+\)!$/,
    ];
    for (const form of forms)
      expect(
        shorthands.some((value) => form.test(value)),
        String(form),
      ).toBe(true);
    for (const option of ['inversedBy=', 'inv:', 'ib(', 'inverse=', 'mappedBy=', 'map:', 'mb(', 'mapped(']) {
      expect(
        shorthands.some((value) => value.includes(`,${option}`)),
        option,
      ).toBe(true);
    }
    const keys = ['type', 'required', 'unique', 'default', 'private', 'configurable', 'localized', 'min', 'max'];
    const more = ['minLength', 'maxLength', 'regex', 'label', 'placeholder', 'help', 'hidden', 'readonly', 'widget'];
    const specific = [
      'targetField',
      'enum',
      'multiple',
      'allowedTypes',
      'relation',
      'target',
      'inversedBy',
      'mappedBy',
    ];
    for (const key of [...keys, ...more, 'group', 'width', ...specific, 'component', 'repeatable', 'components']) {
      expect(objectKeys.has(key), key).toBe(true);
    }
    // The golden output must load in a stock Strapi 5 app, so no custom field (its plugin would have
    // to be installed); custom fields are covered by the unit tests of authoring/.
    expect(objectKeys.has('customField'), 'customField').toBe(false);
  });

  it('ships the reference validation schemas of authoring/sot unchanged', async () => {
    const reference = await readFiles(referenceSotDir);
    expect(await readFiles(join(examplePackageDir, 'src/sot'))).toEqual(reference);
  });

  it("has spec 4.4's scripts, each calling the CLI", async () => {
    const manifest = JSON.parse(await readFile(join(examplePackageDir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const names = ['validate', 'generate', 'lock:components', 'rename:component', 'generate:types', 'generate:schemas'];
    const more = ['generate:editor-schemas', 'scaffold', 'build', 'sync:deps'];
    expect(Object.keys(manifest.scripts)).toEqual([...names, 'registry:strapi', 'registry:global', ...more]);
    // sync:deps takes --staging, its only source for now (spec 4.4 step 10).
    const flags: Record<string, string> = { 'sync:deps': ' --staging' };
    for (const [name, command] of Object.entries(manifest.scripts)) {
      expect(command).toBe(`catalog-schema ${name}${flags[name] ?? ''}`);
    }
  });
});
