import { describe, expect, it } from 'vitest';
import type { PageCollection, PagesSchema } from './pages-schema.js';
import { type PageDocument, planPage, type VariantTarget } from './plan-page.js';

// The upgrade of one stored draft, without Strapi (testing/strapi/migrate-pages.test.ts runs it
// against Strapi 5.54): what the migration sees, what the update sends, what a failure leaves.

const schema: PagesSchema = {
  contentTypes: {},
  components: {
    'hero.hero1': {
      attributes: {
        cmp_variant: { type: 'string' },
        title: { type: 'string' },
        subtitle: { type: 'text' },
        tagline: { type: 'text' },
        image: { type: 'media' },
        gallery: { type: 'media', multiple: true },
        related: { type: 'relation', relation: 'oneToMany' },
        cta: { type: 'component', component: 'shared.button' },
        secret: { type: 'password' },
        cmp_instance: { type: 'json' },
      },
    },
    'shared.button': { attributes: { label: { type: 'string' } } },
  },
};
const collection: PageCollection = {
  uid: 'api::page.page',
  endpoint: '/api/pages',
  draftAndPublish: true,
  localized: true,
  idField: 'slug',
  blocksField: 'blocks',
  revisionField: 'revision',
  blockComponents: ['hero.hero1', 'cards.cards1'],
};
const renameSubtitle = (props: Record<string, unknown>) => {
  const { subtitle, ...rest } = props;
  if (subtitle === 'explode') throw new Error('no');
  return subtitle === undefined ? rest : { ...rest, tagline: subtitle };
};
const targets = new Map<string, VariantTarget>([
  [
    '@acme/ui-hero1',
    { variant: 'hero1', package: '@acme/ui-hero1', version: '2.1.0', major: 2, migrations: { 1: renameSubtitle } },
  ],
]);

function draft(blocks: unknown[]): PageDocument {
  return {
    document: { documentId: 'd1', slug: 'home', revision: 7, blocks },
    collection,
    locale: 'en',
    status: 'draft',
  };
}
const stored = (id: number, version: string, attributes: Record<string, unknown>) => ({
  id,
  __component: 'hero.hero1',
  cmp_variant: 'hero1',
  title: 'T',
  subtitle: null,
  tagline: null,
  image: null,
  gallery: [],
  related: [],
  cta: null,
  cmp_instance: { id: `i${id}`, package: '@acme/ui-hero1', version, emptyLists: ['gallery'] },
  ...attributes,
});

describe('planPage', () => {
  it('hands the migration props as the editor saved them and sends the block back with every other attribute cleared', () => {
    const seen: Record<string, unknown>[] = [];
    const spy = new Map(
      [...targets].map(([name, target]) => [
        name,
        {
          ...target,
          migrations: {
            1: (props: Record<string, unknown>) => {
              seen.push(props);
              return renameSubtitle(props);
            },
          },
        },
      ]),
    );
    const plan = planPage(
      draft([
        stored(4, '1.2.0', {
          subtitle: 'S',
          image: { id: 9, url: '/a.png', name: 'a' },
          related: [{ documentId: 'r1', id: 3 }],
          cta: { id: 2, label: 'Go' },
        }),
        {
          id: 5,
          __component: 'cards.cards1',
          heading: 'kept',
          cmp_instance: { id: 'c', package: '@acme/ui-cards1', version: '1.0.0' },
        },
        stored(6, '2.0.0', { subtitle: 'current major' }),
      ]),
      schema,
      spy,
    );
    expect(seen).toEqual([
      {
        cmp_variant: 'hero1',
        title: 'T',
        subtitle: 'S',
        image: { id: 9, url: '/a.png' },
        gallery: [],
        related: ['r1'],
        cta: { label: 'Go' },
      },
    ]);
    expect(plan.upgrades.map(({ block, removed, added, changed }) => ({ block, removed, added, changed }))).toEqual([
      { block: 0, removed: ['subtitle'], added: ['tagline'], changed: [] },
    ]);
    expect(plan.data).toEqual({
      revision: 7,
      blocks: [
        {
          __component: 'hero.hero1',
          id: 4,
          cmp_variant: 'hero1',
          title: 'T',
          image: 9,
          gallery: [],
          related: { set: [{ documentId: 'r1' }] },
          cta: { label: 'Go' },
          tagline: 'S',
          subtitle: null,
          cmp_instance: { id: 'i4', package: '@acme/ui-hero1', version: '2.1.0', emptyLists: ['gallery'] },
        },
        { __component: 'cards.cards1', id: 5 },
        { __component: 'hero.hero1', id: 6 },
      ],
    });
  });

  it('leaves the page untouched when one instance fails, naming it and the code', () => {
    const plan = planPage(
      draft([stored(1, '1.0.0', { subtitle: 'ok' }), stored(2, '1.0.0', { subtitle: 'explode' })]),
      schema,
      targets,
    );
    expect(plan.data).toBeUndefined();
    expect(plan.failures.map(({ block, instanceId, code, message }) => ({ block, instanceId, code, message }))).toEqual(
      [{ block: 1, instanceId: 'i2', code: 'migration-failed', message: 'the migration from major 1 threw: no' }],
    );
  });

  it('refuses migrated props the component cannot hold, and a variant without migrations', () => {
    const adds = new Map(
      [...targets].map(([name, target]) => [name, { ...target, migrations: { 1: () => ({ heading: 'x' }) } }]),
    );
    expect(planPage(draft([stored(1, '1.0.0', {})]), schema, adds).failures[0]).toMatchObject({
      code: 'migration-failed',
      message: 'the migrated props: prop heading has no attribute in component hero.hero1',
    });
    const none = new Map([...targets].map(([name, target]) => [name, { ...target, migrations: undefined }]));
    expect(planPage(draft([stored(1, '1.0.0', {})]), schema, none).failures[0]).toMatchObject({
      code: 'migration-missing',
    });
  });

  it('has nothing to do for a page whose instances are all of the current major', () => {
    expect(planPage(draft([stored(1, '2.0.0', {})]), schema, targets)).toEqual({
      revision: 7,
      upgrades: [],
      failures: [],
      data: undefined,
    });
  });
});
