import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { examplePackageDir, makeTempDir, removeTempDirs } from '../../testing/temp-package.js';

afterEach(removeTempDirs);

const docsPath = join(examplePackageDir, '../../docs/authoring.md');

type Configuration = {
  settings: object;
  metadatas: Record<string, { edit: Record<string, unknown> }>;
  layouts: object;
};

/** The sidecar snippet of docs/authoring.md, compiled as the CMS would, and its export. */
async function snippet(): Promise<(strapi: unknown) => Promise<void>> {
  const docs = await readFile(docsPath, 'utf8');
  const section = docs.slice(docs.indexOf('### UI keys: the admin sidecar'));
  const code = /```ts\n([\s\S]*?)```/.exec(section)![1]!;
  const { outputText } = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', outputText)(module, module.exports, createRequire(import.meta.url));
  return module.exports.applyAdminMetadata as (strapi: unknown) => Promise<void>;
}

/** A Strapi stand-in: the app root, the models, and Content Manager services that keep configurations. */
function fakeStrapi(appRoot: string, configurations: Map<string, Configuration>) {
  const service = {
    findConfiguration: async (model: { uid: string }) => ({
      uid: model.uid,
      ...structuredClone(configurations.get(model.uid)!),
    }),
    updateConfiguration: async (model: { uid: string }, update: Configuration) => {
      expect(Object.keys(update).sort()).toEqual(['layouts', 'metadatas', 'settings']);
      configurations.set(model.uid, update);
    },
  };
  const models = (uids: string[]) => Object.fromEntries(uids.map((uid) => [uid, { uid }]));
  return {
    dirs: { app: { root: appRoot }, dist: { root: join(appRoot, 'dist') } },
    contentTypes: models(['api::article.article']),
    components: models(['cards.cards1', 'hero.hero1']),
    plugin: (name: string) => {
      expect(name).toBe('content-manager');
      return {
        service: (which: string) => {
          expect(['content-types', 'components']).toContain(which);
          return service;
        },
      };
    },
  };
}

describe('the admin sidecar snippet of docs/authoring.md', () => {
  it('applies content types and components from the app root, skipping fields and models it lacks', async () => {
    const appRoot = await makeTempDir();
    await mkdir(join(appRoot, 'catalog-schema'));
    const sidecar = join(examplePackageDir, 'golden/cms/catalog-schema/admin-metadata.json.golden');
    await writeFile(join(appRoot, 'catalog-schema/admin-metadata.json'), await readFile(sidecar, 'utf8'));
    const blank = (...fields: string[]): Configuration => ({
      settings: {},
      metadatas: Object.fromEntries(fields.map((field) => [field, { edit: { label: field, visible: true } }])),
      layouts: { edit: [] },
    });
    const configurations = new Map([
      ['api::article.article', blank('title')],
      ['cards.cards1', blank('columns')],
      // hero.hero1's configuration lists no "theme" field: skipped, no throw
      ['hero.hero1', blank('cmp_variant')],
    ]);
    const applyAdminMetadata = await snippet();
    await applyAdminMetadata(fakeStrapi(appRoot, configurations));
    expect(configurations.get('api::article.article')!.metadatas.title!.edit).toEqual({
      label: 'Headline',
      visible: true,
    });
    expect(configurations.get('cards.cards1')!.metadatas.columns!.edit).toEqual({
      label: 'Columns',
      description: 'How many cards per row on wide screens.',
      visible: true,
    });
    expect(configurations.get('hero.hero1')!.metadatas).toEqual({
      cmp_variant: { edit: { label: 'cmp_variant', visible: true } },
    });
  });

  it('only touches fields and models the app owns: names like constructor or __proto__ reach no prototype', async () => {
    const appRoot = await makeTempDir();
    await mkdir(join(appRoot, 'catalog-schema'));
    // Valid attribute names that are also Object.prototype members; the configuration lists neither.
    const fields = '{ "constructor": { "edit": { "label": "C" } }, "__proto__": { "edit": { "label": "P" } } }';
    await writeFile(
      join(appRoot, 'catalog-schema/admin-metadata.json'),
      `{ "contentTypes": { "api::article.article": ${fields}, "toString": ${fields} }, "components": {} }`,
    );
    const configurations = new Map<string, Configuration>([
      ['api::article.article', { settings: {}, metadatas: {}, layouts: { edit: [] } }],
    ]);
    const applyAdminMetadata = await snippet();
    await applyAdminMetadata(fakeStrapi(appRoot, configurations));
    expect((Object as unknown as { edit?: unknown }).edit).toBeUndefined();
    expect(({} as { edit?: unknown }).edit).toBeUndefined();
    expect(configurations.get('api::article.article')!.metadatas).toEqual({});
  });
});
