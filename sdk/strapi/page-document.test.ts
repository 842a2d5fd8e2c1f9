import type { ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import { describe, expect, it } from 'vitest';
import { SdkError } from '../sdk-error.js';
import { KeptValues } from './kept-values.js';
import { blockOfInstance, documentOfPage, instanceOfBlock, type PageMapping, pageOfDocument } from './page-document.js';
import { pageCollectionOf, type StrapiAttribute, type StrapiSchema } from './strapi-schema.js';

// A small schema in the shape `catalog-schema generate` writes (docs/strapi-pages.md); the whole
// example package's schema is exercised against a real Strapi in strapi-page-store.strapi.test.ts.
const schema: StrapiSchema = {
  version: '1.0.0',
  contentTypes: {
    'api::page.page': {
      endpoint: '/api/pages',
      draftAndPublish: true,
      localized: true,
      page: { idField: 'slug', titleField: 'title', blocksField: 'blocks', revisionField: 'revision' },
      attributes: {
        title: { type: 'string', required: true },
        slug: { type: 'uid' },
        revision: { type: 'integer', min: 0, default: 0 },
        blocks: { type: 'dynamiczone', components: ['hero.hero1', 'cards.cards1'] },
      },
    },
  },
  components: {
    'hero.hero1': {
      attributes: {
        cmp_variant: { type: 'string', required: true },
        title: { type: 'string', maxLength: 20 },
        theme: { type: 'enumeration', enum: ['light', 'dark'], default: 'light' },
        image: { type: 'media', multiple: false },
        cta: { type: 'component', component: 'shared.button', repeatable: false },
        pin: { type: 'password' },
        cmp_instance: { type: 'json' },
      },
    },
    'cards.cards1': {
      attributes: {
        cards: { type: 'component', component: 'shared.card', repeatable: true, max: 2 },
        gallery: { type: 'media', multiple: true },
        cmp_instance: { type: 'json' },
      },
    },
    'shared.button': { attributes: { label: { type: 'string' }, size: { type: 'enumeration', enum: ['sm', 'lg'] } } },
    'shared.card': {
      attributes: {
        title: { type: 'string' },
        rank: { type: 'integer', min: 1 },
        startsAt: { type: 'datetime' },
        releasedOn: { type: 'date' },
        opensAt: { type: 'time' },
        views: { type: 'biginteger' },
        featured: { type: 'boolean' },
        extra: { type: 'json' },
        article: { type: 'relation', relation: 'oneToOne', target: 'api::article.article' },
        tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
        stamp: { type: 'timestamp' },
        links: { type: 'component', component: 'shared.button', repeatable: true },
      },
    },
  },
};

const mapping: PageMapping = { schema, collection: pageCollectionOf(schema, 'page') };

const hero = (props: Record<string, unknown>): ComponentInstance => ({
  id: 'i1',
  packageId: 'hero1',
  package: '@acme/ui-hero1',
  version: '1.0.0',
  props,
});

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).code).toBe('store-unmappable');
    return (error as SdkError).message;
  }
  throw new Error('expected a refusal');
}

describe('instance ↔ block', () => {
  it('writes the component, the props, nulls for absent attributes with a default, and cmp_instance', () => {
    const block = blockOfInstance(
      hero({ cmp_variant: 'hero1', title: 'Hi', image: { id: 7, url: '/uploads/a.png' }, cta: { label: 'Go' } }),
      mapping,
      'p',
    );
    expect(Object.keys(block)[0]).toBe('__component');
    expect(block).toEqual({
      __component: 'hero.hero1',
      cmp_variant: 'hero1',
      title: 'Hi',
      image: 7,
      cta: { label: 'Go' },
      theme: null,
      cmp_instance: { id: 'i1', package: '@acme/ui-hero1', version: '1.0.0' },
    });
  });

  it('reads a populated block back into exactly the props that were written', () => {
    const props = {
      cards: [
        {
          title: 'A',
          rank: 2,
          startsAt: '2026-01-02T03:04:05.006Z',
          releasedOn: '2026-01-02',
          opensAt: '09:30:00.000',
          views: '9007199254740991',
          links: [],
          featured: false,
          extra: { nested: [1, { deep: true }] },
          article: 'doc-article',
          tags: ['doc-t1', 'doc-t2'],
        },
      ],
      gallery: [{ id: 1, url: '/uploads/1.png' }],
    };
    const instance: ComponentInstance = {
      id: 'c1',
      packageId: 'cards1',
      package: '@acme/ui-cards1',
      version: '2.0.0',
      props,
    };
    const written = blockOfInstance(instance, mapping, 'p');
    expect((written.cards as Record<string, unknown>[])[0]?.article).toEqual({ set: [{ documentId: 'doc-article' }] });
    // What Strapi answers for it: ids on components, populated media and relations, nulls.
    expect(written.cmp_instance).toEqual({
      id: 'c1',
      package: '@acme/ui-cards1',
      version: '2.0.0',
      emptyLists: ['cards/0/links'],
    });
    const stored = {
      id: 31,
      __component: 'cards.cards1',
      cmp_instance: written.cmp_instance,
      gallery: [{ id: 1, documentId: 'f1', url: '/uploads/1.png' }],
      cards: [
        {
          ...props.cards[0],
          id: 4,
          article: { id: 9, documentId: 'doc-article' },
          tags: [
            { id: 1, documentId: 'doc-t1' },
            { id: 2, documentId: 'doc-t2' },
          ],
        },
      ],
    };
    expect(instanceOfBlock(stored, mapping, 'home')).toEqual(instance);
  });

  it('gives a block added in the admin (no cmp_instance) the package resolveVariant names', () => {
    const stored = { id: 5, __component: 'hero.hero1', cmp_variant: 'hero1', title: 'From the admin', theme: null };
    expect(() => instanceOfBlock(stored, mapping, 'home')).toThrow(
      "Page home: block hero.hero1 #5 has no cmp_instance (added in Strapi's admin?) and no package is known for variant hero1: give the store resolveVariant",
    );
    const resolved = { ...mapping, resolveVariant: () => ({ package: '@acme/ui-hero1', version: '1.1.0' }) };
    expect(instanceOfBlock(stored, resolved, 'home')).toEqual({
      id: 'cms-hero.hero1-5',
      packageId: 'hero1',
      package: '@acme/ui-hero1',
      version: '1.1.0',
      props: { cmp_variant: 'hero1', title: 'From the admin' },
    });
  });
});

describe('what the mapping refuses, before anything is sent', () => {
  it.each([
    [{ colour: 'red' }, 'Instance i1 (hero1): prop colour has no attribute in component hero.hero1. Nothing was saved'],
    [
      { theme: 'blue' },
      'Instance i1 (hero1): prop theme is "blue"; attribute hero.hero1.theme is an enumeration of light, dark. Nothing was saved',
    ],
    [
      { title: null },
      'Instance i1 (hero1): prop title is null, which Strapi cannot tell from an absent prop (leave the prop out); attribute hero.hero1.title is of type string. Nothing was saved',
    ],
    [
      { title: 'x'.repeat(21) },
      'Instance i1 (hero1): prop title is longer than 20; attribute hero.hero1.title is of type string. Nothing was saved',
    ],
    [
      { pin: '1234' },
      'Instance i1 (hero1): prop pin is stored in a private attribute hero.hero1.pin, which Strapi never gives back. Nothing was saved',
    ],
    [
      { image: { src: '/a.png' } },
      'Instance i1 (hero1): prop image is not a media-library file {id, url}; attribute hero.hero1.image is a media file: {id, url}. Nothing was saved',
    ],
    [
      { cta: { size: 'xl' } },
      'Instance i1 (hero1): prop cta.size is "xl"; attribute shared.button.size is an enumeration of sm, lg. Nothing was saved',
    ],
    [
      { cmp_instance: {} },
      'Instance i1 (hero1): prop cmp_instance has no attribute in component hero.hero1. Nothing was saved',
    ],
    [
      { cmp_variant: 'hero2' },
      'Instance i1 (hero1): prop cmp_variant is "hero2", not the instance\'s variant. Nothing was saved',
    ],
  ])('refuses %j', (props, message) => {
    expect(refusal(() => blockOfInstance(hero(props), mapping, 'p'))).toBe(message);
  });

  it.each([
    [{ rank: 0 }, 'prop cards[0].rank is below 1'],
    [{ rank: 1.5 }, 'prop cards[0].rank is not a 32-bit integer'],
    [{ startsAt: '2026-01-02T03:04:05Z' }, 'prop cards[0].startsAt is not an ISO 8601 UTC time with milliseconds'],
    [{ releasedOn: '2026-1-2' }, 'prop cards[0].releasedOn is not a date YYYY-MM-DD'],
    [{ opensAt: '9:30' }, 'prop cards[0].opensAt is not a time HH:mm:ss.SSS'],
    [{ views: 12 }, 'prop cards[0].views is not a biginteger'],
    [{ views: '9007199254740993' }, 'prop cards[0].views is not a biginteger within ±(2^53 − 1)'],
    [{ stamp: '2026-01-01T00:00:00.000Z' }, 'prop cards[0].stamp is not a timestamp (a string of 9 to 15 digits'],
    // Strapi would read "10" as the ISO year 1000.
    [{ stamp: '10' }, 'prop cards[0].stamp is not a timestamp (a string of 9 to 15 digits'],
    [
      { article: 12 },
      'prop cards[0].article is not a documentId; attribute shared.card.article is a oneToOne relation',
    ],
    [{ tags: 'doc-t1' }, 'prop cards[0].tags is not a list of documentIds'],
  ])('refuses the card %j', (card, message) => {
    const instance: ComponentInstance = {
      id: 'c',
      packageId: 'cards1',
      package: '@acme/ui-cards1',
      version: '1',
      props: { cards: [card] },
    };
    expect(refusal(() => blockOfInstance(instance, mapping, 'p'))).toContain(message);
  });

  it('refuses a list longer than the attribute allows and a variant the zone does not accept', () => {
    const cards: ComponentInstance = {
      id: 'c',
      packageId: 'cards1',
      package: 'p',
      version: '1',
      props: { cards: [{}, {}, {}] },
    };
    expect(refusal(() => blockOfInstance(cards, mapping, 'p'))).toContain('prop cards has more than 2 items');
    const form: ComponentInstance = { id: 'f', packageId: 'form1', package: 'p', version: '1', props: {} };
    expect(refusal(() => blockOfInstance(form, mapping, 'p'))).toBe(
      'Instance f (form1): api::page.page does not accept form1: its blocks zone holds hero.hero1, cards.cards1. Nothing was saved',
    );
  });

  it('refuses a page id that is not a uid', () => {
    const page: Page = { id: 'a/b', title: 'T', revision: 0, updatedAt: '', content: [] };
    expect(refusal(() => documentOfPage(page, mapping))).toBe(
      'Page "a/b": its id is the slug attribute, a Strapi uid (letters, digits, - _ . ~). Nothing was saved',
    );
  });
});

describe('page ↔ document', () => {
  it('writes title, id, the revision it was based on and the blocks; reads them back', () => {
    const page: Page = {
      id: 'home',
      title: 'Home',
      revision: 3,
      updatedAt: '2026-01-01T00:00:00.000Z',
      content: [hero({ cmp_variant: 'hero1', title: 'Hi' })],
    };
    const document = documentOfPage(page, mapping);
    expect(document).toEqual({
      title: 'Home',
      slug: 'home',
      revision: 3,
      blocks: [
        {
          __component: 'hero.hero1',
          cmp_variant: 'hero1',
          title: 'Hi',
          theme: null,
          cmp_instance: { id: 'i1', package: '@acme/ui-hero1', version: '1.0.0' },
        },
      ],
    });
    const stored = { ...document, documentId: 'd1', updatedAt: '2026-02-02T00:00:00.000Z', revision: 4 };
    expect(pageOfDocument(stored, mapping)).toEqual({ ...page, revision: 4, updatedAt: '2026-02-02T00:00:00.000Z' });
  });

  it('refuses a schema without the page collection, with the code of a configuration error', () => {
    const error = (() => {
      try {
        pageCollectionOf(schema, 'article');
      } catch (caught) {
        return caught as SdkError;
      }
    })();
    expect(error?.code).toBe('store-config-invalid');
    expect(error?.message).toBe(
      'The Strapi schema given to the page store is not usable: it has no content type api::article.article',
    );
  });
});

describe('instances of older versions (versionAttributes)', () => {
  // hero.hero1 after 2.0.0's generate: 2.0.0's tagline and badge added, 1.0.0's subtitle kept
  // (deprecated: generate lists it last).
  const { cmp_variant, title, ...rest } = schema.components['hero.hero1']!.attributes as {
    cmp_variant: StrapiAttribute;
    title: StrapiAttribute;
  } & Record<string, StrapiAttribute>;
  const subtitle = { type: 'text' };
  const at1 = { cmp_variant, title, subtitle, ...rest };
  const at2 = {
    cmp_variant,
    title,
    ...rest,
    tagline: { type: 'text' },
    badge: { type: 'enumeration', enum: ['new', 'hot'], default: 'new' },
  };
  const expanded: StrapiSchema = {
    ...schema,
    components: { ...schema.components, 'hero.hero1': { attributes: { ...at2, subtitle } } },
  };
  const versionAttributes = {
    '@acme/ui-hero1@1.0.0': { component: 'hero.hero1', attributes: at1 },
    '@acme/ui-hero1@2.0.0': { component: 'hero.hero1', attributes: at2 },
  };
  const mappingWith = () => ({
    schema: expanded,
    collection: pageCollectionOf(expanded, 'page'),
    versionAttributes,
    kept: new KeptValues(),
  });
  const meta = { id: 'i1', package: '@acme/ui-hero1', version: '1.0.0' };
  // As Strapi gives it back after the CMS's migration copied subtitle into tagline.
  const migrated = {
    id: 3,
    __component: 'hero.hero1',
    cmp_variant: 'hero1',
    title: 'Hi',
    subtitle: 'Drag',
    tagline: 'Drag',
    theme: 'dark',
    badge: null,
    image: null,
    cta: null,
    cmp_instance: meta,
  };
  const stored = {
    documentId: 'd1',
    updatedAt: '2026-02-02T00:00:00.000Z',
    title: 'Home',
    slug: 'home',
    revision: 4,
    blocks: [migrated],
  };
  // In 1.0.0's attribute order, though the expanded component lists subtitle last.
  const props1 = { cmp_variant: 'hero1', title: 'Hi', subtitle: 'Drag', theme: 'dark' };

  it("reads a 1.0.0 block as exactly 1.0.0's props, and a save sends the other stored values back", () => {
    const mapping = mappingWith();
    const page = pageOfDocument(stored, mapping);
    expect(page.content).toEqual([{ ...meta, packageId: 'hero1', props: props1 }]);
    expect(JSON.stringify(page.content[0]?.props)).toBe(JSON.stringify(props1));
    expect(documentOfPage(page, mapping).blocks).toEqual([
      {
        __component: 'hero.hero1',
        cmp_variant: 'hero1',
        title: 'Hi',
        subtitle: 'Drag',
        theme: 'dark',
        tagline: 'Drag',
        badge: null,
        cmp_instance: meta,
      },
    ]);
  });

  it("an instance saved at another version writes its own version's attributes only", () => {
    const mapping = mappingWith();
    const page = pageOfDocument(stored, mapping);
    const props2 = { cmp_variant: 'hero1', title: 'Hi', tagline: 'Drag', theme: 'dark' };
    const upgraded = { ...meta, packageId: 'hero1', version: '2.0.0', props: props2 };
    expect(documentOfPage({ ...page, content: [upgraded] }, mapping).blocks).toEqual([
      {
        __component: 'hero.hero1',
        cmp_variant: 'hero1',
        title: 'Hi',
        tagline: 'Drag',
        theme: 'dark',
        badge: null,
        cmp_instance: { ...meta, version: '2.0.0' },
      },
    ]);
    // Read back at 2.0.0 (subtitle not written), then put back at 1.0.0 by an undo: no tagline kept.
    const saved = pageOfDocument(
      { ...stored, blocks: [{ ...migrated, subtitle: null, cmp_instance: { ...meta, version: '2.0.0' } }] },
      mapping,
    );
    expect(saved.content[0]?.props).toEqual(props2);
    const undone = { ...meta, packageId: 'hero1', props: props1 };
    expect(documentOfPage({ ...saved, content: [undone] }, mapping).blocks).toEqual([
      { __component: 'hero.hero1', ...props1, badge: null, cmp_instance: meta },
    ]);
  });

  it('refuses a prop its version does not have, naming the version', () => {
    const mapping = mappingWith();
    const instance = { ...meta, packageId: 'hero1', props: { ...props1, tagline: 'Drag' } };
    expect(refusal(() => blockOfInstance(instance, mapping, 'home'))).toBe(
      'Instance i1 (hero1): prop tagline is not an attribute of component hero.hero1 at @acme/ui-hero1@1.0.0. Nothing was saved',
    );
  });

  it('maps a version without a record on every attribute, as without versionAttributes', () => {
    const mapping = mappingWith();
    const unrecorded = { ...migrated, cmp_instance: { ...meta, version: '1.1.0' } };
    expect(pageOfDocument({ ...stored, blocks: [unrecorded] }, mapping).content[0]?.props).toEqual({
      ...props1,
      tagline: 'Drag',
    });
  });
});
