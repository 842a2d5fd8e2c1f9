import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootProblems } from './boot-problems.js';
import type { BootSuccess, LinkCheck, QueryCheck } from './boot-report.js';
import { bootStrapi } from './boot-strapi.js';
import { catalogSchema } from './catalog-schema-cli.js';
import { bootTimeoutMs } from './check-package.js';
import { readGeneratedAttributes } from './generated-attributes.js';
import { type CollectionSource, type ComponentSource, readPackageSources } from './package-sources.js';
import { createStrapiAppDir, type StrapiAppDir } from './strapi-app-dir.js';

// examples/schema-package, generated in each language and booted in real Strapi 5: what Strapi
// loaded against the sources and the generated files, then rows linked through every relation.

const examplePackageDir = fileURLToPath(new URL('../../examples/schema-package/', import.meta.url));

/** The attributes Strapi adds to every content type of this app (i18n is built in). */
const strapiAdded = ['createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations'];

const contentTypes = [
  { uid: 'api::article.article', kind: 'collectionType', collectionName: 'articles' },
  { uid: 'api::author.author', kind: 'collectionType', collectionName: 'authors' },
  { uid: 'api::page.page', kind: 'collectionType', collectionName: 'pages' },
  { uid: 'api::site-setting.site-setting', kind: 'singleType', collectionName: 'site_settings' },
  { uid: 'api::tag.tag', kind: 'collectionType', collectionName: 'tags' },
];

const article = 'api::article.article';
const author = 'api::author.author';
const page = 'api::page.page';
const tag = 'api::tag.tag';
const user = 'plugin::users-permissions.user';
const both = { forward: true, backward: true, leaks: [] } as const;
const oneWay = { forward: true, backward: null, leaks: [] } as const;

/** Every declared relation, in the order the child links them (content types, then components by uid). */
const links: LinkCheck[] = [
  { source: article, path: ['author'], target: author, relation: 'manyToOne', inverse: 'articles', ...both },
  { source: article, path: ['related'], target: article, relation: 'oneToOne', inverse: 'relatedFrom', ...both },
  { source: article, path: ['relatedFrom'], target: article, relation: 'oneToOne', inverse: 'related', ...both },
  { source: article, path: ['tags'], target: tag, relation: 'manyToMany', inverse: 'articles', ...both },
  { source: author, path: ['pages'], target: page, relation: 'oneToMany', inverse: 'author', ...both },
  { source: author, path: ['articles'], target: article, relation: 'oneToMany', inverse: 'author', ...both },
  { source: author, path: ['account'], target: user, relation: 'oneToOne', ...oneWay },
  { source: page, path: ['author'], target: author, relation: 'manyToOne', inverse: 'pages', ...both },
  { source: page, path: ['tags'], target: tag, relation: 'manyToMany', inverse: 'pages', ...both },
  { source: page, path: ['parent'], target: page, relation: 'oneToOne', ...oneWay },
  { source: 'api::site-setting.site-setting', path: ['homepage'], target: page, relation: 'oneToOne', ...oneWay },
  { source: tag, path: ['pages'], target: page, relation: 'manyToMany', inverse: 'tags', ...both },
  { source: tag, path: ['articles'], target: article, relation: 'manyToMany', inverse: 'tags', ...both },
  { source: page, path: ['blocks(form.form1)', 'owner'], target: user, relation: 'oneToOne', ...oneWay },
  { source: article, path: ['cards(shared.card)', 'article'], target: article, relation: 'oneToOne', ...oneWay },
];

const ownRelations = ['createdBy', 'updatedBy', 'localizations'];
/** findMany of each content type: what it populates, and how many rows the link checks left. */
const queries: QueryCheck[] = [
  {
    uid: article,
    populate: ['cover', 'gallery', 'cards', 'sections', 'author', 'related', 'relatedFrom', 'tags', ...ownRelations],
    count: 10,
  },
  { uid: author, populate: ['avatar', 'pages', 'articles', 'account', ...ownRelations], count: 12 },
  { uid: page, populate: ['seo', 'blocks', 'author', 'tags', 'parent', ...ownRelations], count: 8 },
  {
    uid: 'api::site-setting.site-setting',
    populate: ['logo', 'seo', 'homepage', 'footerLinks', ...ownRelations],
    count: 1,
  },
  { uid: tag, populate: ['pages', 'articles', ...ownRelations], count: 4 },
];

/** A copy of the example package with `language` set, generated. */
async function generatedExample(language: 'ts' | 'js'): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'catalog-strapi-example-'));
  for (const entry of ['src', 'catalog-schema.config.json', 'package.json']) {
    await cp(join(examplePackageDir, entry), join(root, entry), { recursive: true });
  }
  const configPath = join(root, 'catalog-schema.config.json');
  const config = JSON.parse(await readFile(configPath, 'utf8')) as Record<string, unknown>;
  await writeFile(configPath, JSON.stringify({ ...config, language }));
  const generate = await catalogSchema(root, ['generate']);
  expect(generate).toMatchObject({ code: 0, stderr: '' });
  return root;
}

describe.each(['ts', 'js'] as const)('the example schema package, generated in %s, in real Strapi 5', (language) => {
  let root: string;
  let app: StrapiAppDir;
  let report: BootSuccess;
  let sources: { collections: CollectionSource[]; components: ComponentSource[] };

  beforeAll(async () => {
    root = await generatedExample(language);
    sources = await readPackageSources(root);
    app = await createStrapiAppDir(join(root, 'cms'), language);
    const booted = await bootStrapi(app, bootTimeoutMs);
    expect(bootProblems(booted.report), booted.output).toEqual([]);
    report = booted.report as BootSuccess;
    console.log(`example (${language}): booted and checked in ${booted.ms} ms ${JSON.stringify(report.timings)}`);
  }, bootTimeoutMs + 60_000);

  afterAll(async () => {
    await app?.remove();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it(`boots (${language === 'ts' ? 'compiled into dist/ first' : 'from src/'})`, () => {
    expect(report.timings.compileMs === undefined).toBe(language === 'js');
  });

  it('loads every collection as its content type, with exactly the source fields in order, then revision on pages', () => {
    expect(sources.collections.filter((collection) => collection.generated.length > 0).map(({ id }) => id)).toEqual([
      'article',
      'page',
    ]);
    expect(sources.collections.map((collection) => [collection.id, collection.mode])).toEqual([
      ['article', 'collection'],
      ['author', 'collection'],
      ['page', 'collection'],
      ['site-setting', 'single'],
      ['tag', 'collection'],
    ]);
    expect(report.contentTypes.map(({ uid, kind, collectionName }) => ({ uid, kind, collectionName }))).toEqual(
      contentTypes,
    );
    for (const [index, collection] of sources.collections.entries()) {
      const loaded = report.contentTypes[index]!;
      expect(loaded.declared, loaded.uid).toEqual([...collection.fields, ...collection.generated]);
      expect(
        loaded.attributes.map((attribute) => attribute.name),
        loaded.uid,
      ).toEqual([...collection.fields, ...collection.generated, ...strapiAdded]);
    }
  });

  it('loads every component under its id, in the table the lock names, with exactly the source fields (and cmp_instance)', () => {
    expect(report.components.map(({ uid, kind, collectionName }) => ({ uid, kind, collectionName }))).toEqual(
      sources.components.map((component) => ({
        uid: component.id,
        kind: 'component',
        collectionName: component.collectionName,
      })),
    );
    expect(sources.components.map((component) => [component.id, component.generated.length > 0])).toEqual([
      ['cards.cards1', true],
      ['content.callout1', true],
      ['content.feature', false],
      ['content.features1', true],
      ['form.field', false],
      ['form.form1', true],
      ['hero.hero1', true],
      ['interactive.counter1', true],
      ['navigation.cta1', true],
      ['shared.button', false],
      ['shared.card', false],
      ['shared.seo', false],
    ]);
    for (const [index, component] of sources.components.entries()) {
      const loaded = report.components[index]!;
      expect(loaded.declared, loaded.uid).toEqual([...component.fields, ...component.generated]);
      expect(
        loaded.attributes.map((attribute) => attribute.name),
        loaded.uid,
      ).toEqual([...component.fields, ...component.generated]);
    }
  });

  it('holds every attribute as generated: type, relation, target, side, component(s), enum, required', async () => {
    const generated = await readGeneratedAttributes(join(root, 'cms'));
    expect([...generated.keys()].sort()).toEqual(
      [...report.contentTypes, ...report.components].map((m) => m.uid).sort(),
    );
    for (const model of [...report.contentTypes, ...report.components]) {
      const declared = model.attributes.filter((attribute) => model.declared.includes(attribute.name));
      const shapes = Object.fromEntries(declared.map(({ name, ...shape }) => [name, shape]));
      expect(shapes, model.uid).toEqual(Object.fromEntries(generated.get(model.uid)!));
    }
  });

  it('runs findMany on every content type with every relation, component, dynamic zone and media populated', () => {
    expect(report.queries).toEqual(queries);
  });

  it('links rows through every relation, visible from the source and from the other side', () => {
    expect(report.links).toEqual(links);
  });
});
