import { describe, expect, it } from 'vitest';
import { propsOfStoredComponent, restoreEmptyLists } from './strapi-block-props.js';
import type { StrapiComponentSchema } from './strapi-component-schema.js';

const schema: StrapiComponentSchema = {
  components: {
    'hero.hero1': {
      attributes: {
        title: { type: 'string' },
        image: { type: 'media' },
        gallery: { type: 'media', multiple: true },
        author: { type: 'relation', relation: 'manyToOne' },
        tags: { type: 'relation', relation: 'manyToMany' },
        cta: { type: 'component', component: 'shared.cta' },
        cards: { type: 'component', component: 'shared.card', repeatable: true },
        data: { type: 'json' },
        text: { type: 'blocks' },
        subtitle: { type: 'string' },
      },
    },
    'shared.cta': { attributes: { label: { type: 'string' } } },
    'shared.card': { attributes: { links: { type: 'component', component: 'shared.cta', repeatable: true } } },
  },
};

describe('a stored block as props (docs/strapi-pages.md "Instance ↔ block")', () => {
  it('reads media as {id, url}, relations as documentIds, components without Strapi keys', () => {
    const block = {
      id: 7,
      __component: 'hero.hero1',
      cmp_instance: { id: 'i1', package: '@x/hero', version: '1.0.0' },
      title: 'Hi',
      image: { id: 1, url: '/a.png', name: 'a.png' },
      gallery: [{ id: 2, url: '/b.png', size: 3 }],
      author: { id: 4, documentId: 'doc-a', name: 'A' },
      tags: [{ documentId: 't1' }, { documentId: 't2' }],
      cta: { id: 9, label: 'Go' },
      cards: [{ id: 10, links: [{ id: 11, label: 'One' }] }],
      data: [],
      text: [],
      subtitle: null,
      unknown: 'dropped',
    };
    expect(propsOfStoredComponent(block, 'hero.hero1', schema)).toEqual({
      title: 'Hi',
      image: { id: 1, url: '/a.png' },
      gallery: [{ id: 2, url: '/b.png' }],
      author: 'doc-a',
      tags: ['t1', 't2'],
      cta: { label: 'Go' },
      cards: [{ links: [{ label: 'One' }] }],
      data: [],
      text: [],
    });
  });

  it('reads a to-one relation given as a list as its first documentId, and leaves out empty lists', () => {
    const props = propsOfStoredComponent({ author: [{ documentId: 'd' }], tags: [], cards: [] }, 'hero.hero1', schema);
    expect(props).toEqual({ author: 'd' });
  });

  it('reads nothing from a value that is not an object, or a component the schema lacks', () => {
    expect(propsOfStoredComponent(null, 'hero.hero1', schema)).toEqual({});
    expect(propsOfStoredComponent({ title: 'x' }, 'missing.one', schema)).toEqual({});
  });

  it('puts back the empty lists recorded at their places, never over a value', () => {
    const props: Record<string, unknown> = { cards: [{ title: 'a' }], tags: ['t'] };
    restoreEmptyLists(props, ['cards/0/links', 'tags', 'gallery', 'missing/0/x']);
    expect(props).toEqual({ cards: [{ title: 'a', links: [] }], tags: ['t'], gallery: [] });
  });
});
