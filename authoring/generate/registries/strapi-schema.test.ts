import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model/compile-model.js';
import { collectionSource, componentSource, validateFixture } from '../../testing/source-fixture.js';
import { strapiSchema } from './strapi-schema.js';

function schemaOf(collections: Record<string, unknown>) {
  const { model, diagnostics } = validateFixture({
    components: {
      'hero/hero1.json': componentSource('hero.hero1', { cmp_variant: 'string!', title: 'string!' }),
      'shared/seo.json': componentSource('shared.seo', { cmp_variant: 'string!' }),
    },
    collections: collections as Record<string, Record<string, unknown>>,
  });
  expect(diagnostics).toEqual([]);
  return strapiSchema(compileModel(model, 'hash')) as {
    contentTypes: Record<string, Record<string, unknown>>;
    components: Record<string, { attributes: Record<string, unknown> }>;
  };
}

describe('strapiSchema: the schema the SDK reads (docs/strapi-pages.md)', () => {
  it('lists a page collection with its endpoint, flags, page fields and attributes without pluginOptions', () => {
    const page = collectionSource(
      'page',
      { title: 'string!', slug: 'uid(title)!', seo: 'component(shared.seo)', blocks: 'dynamicZone(hero.hero1)' },
      { i18n: true },
    );
    const schema = schemaOf({ 'page.json': page });
    expect(schema.contentTypes['api::page.page']).toEqual({
      endpoint: '/api/pages',
      draftAndPublish: true,
      localized: true,
      page: { idField: 'slug', titleField: 'title', blocksField: 'blocks', revisionField: 'revision' },
      attributes: {
        title: { type: 'string', required: true },
        slug: { type: 'uid', required: true, targetField: 'title' },
        seo: { type: 'component', component: 'shared.seo', repeatable: false },
        blocks: { type: 'dynamiczone', components: ['hero.hero1'] },
        revision: { type: 'integer', default: 0, min: 0 },
      },
    });
    expect(schema.components['hero.hero1']).toEqual({
      attributes: {
        cmp_variant: { type: 'string', required: true },
        title: { type: 'string', required: true },
        cmp_instance: { type: 'json' },
      },
    });
    expect(schema.components['shared.seo']).toEqual({
      attributes: { cmp_variant: { type: 'string', required: true } },
    });
  });

  it('gives `page` only to a collection with a dynamic zone and a uid, titleField only with a targetField', () => {
    const schema = schemaOf({
      'tag.json': collectionSource('tag', { slug: 'uid!' }, { draft: false }),
      'home.json': collectionSource('home', { blocks: 'dynamicZone(hero.hero1)' }, { mode: 'single' }),
      'post.json': collectionSource('post', { slug: 'uid!', body: 'dynamicZone(hero.hero1)' }),
    });
    expect(schema.contentTypes['api::tag.tag']).toEqual({
      endpoint: '/api/tags',
      draftAndPublish: false,
      localized: false,
      attributes: { slug: { type: 'uid', required: true } },
    });
    expect(schema.contentTypes['api::home.home']).toMatchObject({ endpoint: '/api/home' });
    expect(schema.contentTypes['api::home.home']).not.toHaveProperty('page');
    expect(schema.contentTypes['api::home.home']?.attributes).toHaveProperty('revision');
    expect(schema.contentTypes['api::post.post']?.page).toEqual({
      idField: 'slug',
      blocksField: 'body',
      revisionField: 'revision',
    });
  });
});
