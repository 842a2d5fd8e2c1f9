import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthoringError } from '../authoring-error.js';
import { makeTempDir, removeTempDirs } from '../testing/temp-package.js';
import { defaultExternals } from './default-externals.js';
import { loadAuthoringConfig } from './load-authoring-config.js';

afterEach(removeTempDirs);

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AuthoringError);
  expect((error as AuthoringError).code).toBe('config-invalid');
  return (error as AuthoringError).message;
}

describe('loadAuthoringConfig', () => {
  it('applies the defaults, then the file, then the flags', async () => {
    const root = await makeTempDir();
    expect(await loadAuthoringConfig(root, undefined, {})).toEqual({
      cms: 'cms',
      language: 'js',
      types: 'generated/types',
      registries: 'generated/registries',
      editorSchemas: 'generated/editor-schemas',
      cache: '.catalog-schema',
      packages: 'packages',
      scope: '@acme',
      externals: defaultExternals,
      builder: 'builder',
      stagingRegistry: undefined,
    });
    await writeFile(join(root, 'catalog-schema.config.json'), JSON.stringify({ cms: 'strapi', language: 'js' }));
    expect(await loadAuthoringConfig(root, undefined, { types: join(root, 'out/types') })).toEqual({
      cms: 'strapi',
      language: 'js',
      types: 'out/types',
      registries: 'generated/registries',
      editorSchemas: 'generated/editor-schemas',
      cache: '.catalog-schema',
      packages: 'packages',
      scope: '@acme',
      externals: defaultExternals,
      builder: 'builder',
      stagingRegistry: undefined,
    });
  });

  it('detects the language when neither the file nor a flag sets it: ts with a tsconfig.json in the CMS root', async () => {
    const root = await makeTempDir();
    await mkdir(join(root, 'cms'), { recursive: true });
    expect((await loadAuthoringConfig(root, undefined, {})).language).toBe('js');
    await writeFile(join(root, 'cms/tsconfig.json'), '{}');
    expect((await loadAuthoringConfig(root, undefined, {})).language).toBe('ts');
    expect((await loadAuthoringConfig(root, undefined, { language: 'js' })).language).toBe('js');
    await writeFile(join(root, 'catalog-schema.config.json'), JSON.stringify({ cms: 'strapi' }));
    expect((await loadAuthoringConfig(root, undefined, {})).language).toBe('js');
    await writeFile(join(root, 'catalog-schema.config.json'), JSON.stringify({ language: 'js' }));
    expect((await loadAuthoringConfig(root, undefined, {})).language).toBe('js');
  });

  it('refuses output folders over the sources or over each other', async () => {
    const root = await makeTempDir();
    expect(await failure(loadAuthoringConfig(root, undefined, { types: join(root, 'src') }))).toBe(
      '"types" puts the output folder src over the sources (src/source)',
    );
    expect(await failure(loadAuthoringConfig(root, undefined, { cache: root }))).toBe(
      '"cache" puts the output folder . over the sources (src/source)',
    );
    expect(await failure(loadAuthoringConfig(root, undefined, { registries: join(root, 'generated/types/x') }))).toBe(
      'the output folders of "types" (generated/types) and "registries" (generated/types/x) overlap',
    );
    expect(
      await failure(loadAuthoringConfig(root, undefined, { editorSchemas: join(root, 'src/editor-schemas/hero') })),
    ).toBe('"editorSchemas" puts the output folder src/editor-schemas/hero over the sources (src/editor-schemas)');
  });

  it('takes folders outside the package from flags only, never from the config file', async () => {
    const root = await makeTempDir();
    expect((await loadAuthoringConfig(root, undefined, { cms: join(root, '../strapi') })).cms).toBe('../strapi');
    await writeFile(join(root, 'catalog-schema.config.json'), '{\n  "types": "out",\n  "cms": "../strapi"\n}');
    expect(await failure(loadAuthoringConfig(root, undefined, {}))).toBe(
      'catalog-schema.config.json:3:10 schema-violation "cms" leads outside the schema package (../strapi): the config file names folders inside it; give a folder elsewhere with --cms',
    );
    await writeFile(join(root, 'catalog-schema.config.json'), JSON.stringify({ cache: '/tmp/elsewhere' }));
    expect(await failure(loadAuthoringConfig(root, undefined, {}))).toMatch(
      /^catalog-schema\.config\.json:1:10 schema-violation "cache" leads outside/,
    );
    // A flag overrides the file's value, but the file is still the package's own and is checked.
    await writeFile(join(root, 'catalog-schema.config.json'), JSON.stringify({ cms: '../strapi' }));
    expect(await failure(loadAuthoringConfig(root, undefined, { cms: join(root, 'cms') }))).toMatch(
      /"cms" leads outside/,
    );
  });

  it('refuses a config file that names a missing file by flag, is not JSON, or has a wrong value', async () => {
    const root = await makeTempDir();
    const missing = await loadAuthoringConfig(root, join(root, 'nope.json'), {}).catch((caught: unknown) => caught);
    expect(missing).toMatchObject({
      code: 'usage',
      exitCode: 2,
      message: `--config ${join(root, 'nope.json')}: no such file`,
    });
    await writeFile(join(root, 'catalog-schema.config.json'), '{ "cms": ');
    expect(await failure(loadAuthoringConfig(root, undefined, {}))).toMatch(
      /^catalog-schema\.config\.json:1:10 json-invalid /,
    );
    await writeFile(join(root, 'catalog-schema.config.json'), '{\n  "language": "go"\n}');
    expect(await failure(loadAuthoringConfig(root, undefined, {}))).toBe(
      'catalog-schema.config.json:2:15 schema-violation "language" must be "ts" or "js"',
    );
  });

  it('reads the build keys: packages (a folder inside), scope (an npm scope), externals (bare module names)', async () => {
    const root = await makeTempDir();
    const file = join(root, 'catalog-schema.config.json');
    await writeFile(
      file,
      JSON.stringify({ packages: 'ui', scope: '@shop', externals: ['react', '@shop/core/client'] }),
    );
    expect(await loadAuthoringConfig(root, undefined, {})).toMatchObject({
      packages: 'ui',
      scope: '@shop',
      externals: ['react', '@shop/core/client'],
    });
    await writeFile(file, '{\n  "scope": "acme/x"\n}');
    expect(await failure(loadAuthoringConfig(root, undefined, {}))).toBe(
      'catalog-schema.config.json:2:12 schema-violation "scope" must be an npm scope such as "@acme"',
    );
    await writeFile(file, '{\n  "externals": ["react", "./local"]\n}');
    expect(await failure(loadAuthoringConfig(root, undefined, {}))).toBe(
      'catalog-schema.config.json:2:16 schema-violation "externals" must be an array of bare module names',
    );
    await writeFile(file, '{\n  "packages": "../elsewhere"\n}');
    expect(await failure(loadAuthoringConfig(root, undefined, {}))).toMatch(/"packages" leads outside/);
  });

  it('reads the sync:deps keys: builder (a folder inside, or any by flag), stagingRegistry (an http(s) URL)', async () => {
    const root = await makeTempDir();
    const file = join(root, 'catalog-schema.config.json');
    await writeFile(
      file,
      JSON.stringify({ builder: 'apps/site', stagingRegistry: 'https://npm.example.test/staging' }),
    );
    expect(await loadAuthoringConfig(root, undefined, {})).toMatchObject({
      builder: 'apps/site',
      stagingRegistry: 'https://npm.example.test/staging/',
    });
    expect((await loadAuthoringConfig(root, undefined, { builder: join(root, '../site') })).builder).toBe('../site');
    await writeFile(file, '{\n  "builder": "../site"\n}');
    expect(await failure(loadAuthoringConfig(root, undefined, {}))).toMatch(
      /^catalog-schema\.config\.json:2:14 schema-violation "builder" leads outside .*--builder$/,
    );
    for (const bad of [
      'localhost:4873',
      'ftp://npm.example.test/',
      'https://user:secret@npm.example.test/',
      'http://x.test/?a=1',
    ]) {
      await writeFile(file, JSON.stringify({ stagingRegistry: bad }));
      expect(await failure(loadAuthoringConfig(root, undefined, {}))).toMatch(
        /"stagingRegistry" must be an http\(s\) URL/,
      );
    }
  });
});
