import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { memoryIo } from '../../testing/memory-io.js';
import { copyExamplePackage, readFiles, removeTempDirs } from '../../testing/temp-package.js';

// What Strapi 5 checks when it loads an application (Strapi 5.54's sources: the content-type and
// component loaders, the database metadata), asserted on the example's generated CMS folders
// independently of our validator: the next best thing to booting Strapi here.

type Schema = {
  kind?: string;
  collectionName?: string;
  info: Record<string, string>;
  options: Record<string, unknown>;
  pluginOptions?: Record<string, unknown>;
  attributes: Record<string, Record<string, unknown>>;
};

const uiKeys = ['label', 'placeholder', 'help', 'hidden', 'readonly', 'widget', 'group', 'width'];
const strapiTypes = new Set([
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
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'json',
  'uid',
  'enumeration',
  'media',
  'relation',
  'component',
  'dynamiczone',
  'customField',
]);

/** The collections with a dynamic zone: page collections (docs/strapi-pages.md). */
const pageCollections = ['article', 'page'];

let cms: Map<string, string>;
const contentTypes = new Map<string, { folder: string; schema: Schema }>();
const components = new Map<string, Schema>();

beforeAll(async () => {
  const root = await copyExamplePackage();
  expect(await runCli(['generate', '--language', 'ts'], memoryIo(root).io)).toBe(0);
  cms = await readFiles(join(root, 'cms/src'));
  for (const [path, text] of cms) {
    const contentType = /^api\/([^/]+)\/content-types\/([^/]+)\/schema\.json$/.exec(path);
    if (contentType)
      contentTypes.set(`api::${contentType[1]}.${contentType[2]}`, {
        folder: contentType[2]!,
        schema: JSON.parse(text),
      });
    const component = /^components\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (component) components.set(`${component[1]}.${component[2]}`, JSON.parse(text));
  }
});

afterAll(removeTempDirs);

describe('the generated Strapi application folders', () => {
  it('name each content type folder after its singularName, with kebab-case names and a display name', () => {
    expect(contentTypes.size).toBe(5);
    for (const { folder, schema } of contentTypes.values()) {
      expect(schema.info.singularName).toBe(folder);
      expect(schema.info.pluralName).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(schema.info.pluralName).not.toBe(schema.info.singularName);
      expect(schema.info.displayName).not.toBe('');
      expect(typeof schema.options.draftAndPublish).toBe('boolean');
      expect(['collectionType', 'singleType']).toContain(schema.kind);
      expect(schema.collectionName).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });

  it('give every component a collectionName and a display name', () => {
    expect(components.size).toBe(12);
    for (const schema of components.values()) {
      expect(schema.collectionName).toMatch(/^components_[a-z0-9_]+$/);
      expect(schema.info.displayName).not.toBe('');
    }
  });

  it('use only Strapi attribute types, no UI keys, and references that resolve', () => {
    const all = [...[...contentTypes].map(([uid, { schema }]) => [uid, schema] as const), ...components];
    for (const [uid, schema] of all) {
      for (const [name, attribute] of Object.entries(schema.attributes)) {
        const where = `${uid}.${name}`;
        expect(strapiTypes.has(String(attribute.type)), where).toBe(true);
        for (const key of uiKeys) expect(attribute, where).not.toHaveProperty(key);
        if (attribute.type === 'component') expect(components.has(String(attribute.component)), where).toBe(true);
        if (attribute.type === 'dynamiczone') {
          for (const id of attribute.components as string[]) expect(components.has(id), where).toBe(true);
        }
        if (attribute.type === 'enumeration') {
          for (const value of attribute.enum as string[]) expect(value, where).toMatch(/^[^0-9]/);
        }
      }
    }
  });

  it('pair every inversedBy with a mappedBy on the target that points back ("Metadata for X not found" otherwise)', () => {
    let pairs = 0;
    for (const [uid, { schema }] of contentTypes) {
      for (const [name, attribute] of Object.entries(schema.attributes)) {
        if (attribute.type !== 'relation') continue;
        const target = String(attribute.target);
        if (!target.startsWith('api::')) continue;
        expect(contentTypes.has(target), `${uid}.${name} → ${target}`).toBe(true);
        const other = attribute.inversedBy ?? attribute.mappedBy;
        if (other === undefined) continue;
        const back = contentTypes.get(target)!.schema.attributes[String(other)]!;
        expect(back.target, `${uid}.${name}`).toBe(uid);
        expect(attribute.inversedBy !== undefined ? back.mappedBy : back.inversedBy, `${uid}.${name}`).toBe(name);
        pairs += 1;
      }
    }
    expect(pairs).toBe(10);
  });

  it('write core controllers, routes and services through the factories, one per collection', () => {
    for (const { folder } of contentTypes.values()) {
      for (const [kind, factory] of [
        ['controllers', 'createCoreController'],
        ['routes', 'createCoreRouter'],
        ['services', 'createCoreService'],
      ]) {
        if (kind === 'controllers' && pageCollections.includes(folder)) {
          const controller = cms.get(`api/${folder}/controllers/${folder}.ts`);
          expect(controller).toContain(`const uid = 'api::${folder}.${folder}';`);
          expect(controller).toContain('export default factories.createCoreController(uid, ({ strapi }) => ({');
          continue;
        }
        expect(cms.get(`api/${folder}/${kind}/${folder}.ts`)).toBe(
          `// Generated by catalog-schema from the schema package. Do not edit: change the source and run generate.\nimport { factories } from '@strapi/strapi';\n\nexport default factories.${factory}('api::${folder}.${folder}');\n`,
        );
      }
    }
  });

  it('give each page collection (a dynamic zone) its revision, its guard, and cmp_instance to what its zones list', () => {
    expect([...cms.keys()].filter((path) => /^api\/[^/]+\/index\.ts$/.test(path))).toEqual(
      pageCollections.map((folder) => `api/${folder}/index.ts`),
    );
    const listed = new Set<string>();
    for (const [uid, { folder, schema }] of contentTypes) {
      const zones = Object.values(schema.attributes).filter((attribute) => attribute.type === 'dynamiczone');
      for (const zone of zones) for (const id of zone.components as string[]) listed.add(id);
      if (!pageCollections.includes(folder)) {
        expect(schema.attributes.revision, uid).toBeUndefined();
        continue;
      }
      expect(schema.attributes.revision, uid).toMatchObject({ type: 'integer', default: 0, min: 0 });
      expect(Object.keys(schema.attributes).at(-1), uid).toBe('revision');
    }
    for (const [uid, schema] of components) {
      expect(schema.attributes.cmp_instance, uid).toEqual(listed.has(uid) ? { type: 'json' } : undefined);
    }
  });
});
