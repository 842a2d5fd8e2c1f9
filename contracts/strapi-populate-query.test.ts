import { describe, expect, it } from 'vitest';
import type { StrapiComponentSchema } from './strapi-component-schema.js';
import { blocksPopulate, bracketQuery } from './strapi-populate-query.js';

const schema: StrapiComponentSchema = {
  components: {
    'text.text1': { attributes: { body: { type: 'richtext' } } },
    'hero.hero1': {
      attributes: {
        secret: { type: 'string', private: true },
        image: { type: 'media' },
        note: { type: 'relation', relation: 'oneToOne', private: true },
        author: { type: 'relation', relation: 'manyToOne' },
        cta: { type: 'component', component: 'shared.cta' },
        title: { type: 'string' },
      },
    },
    'shared.cta': { attributes: { label: { type: 'string' } } },
  },
};

describe('the populate of a page read (docs/strapi-pages.md "Reading")', () => {
  it('gives every block component an on fragment: media urls, relation documentIds, nested components', () => {
    expect(blocksPopulate('blocks', ['hero.hero1', 'text.text1'], schema)).toEqual({
      blocks: {
        on: {
          'hero.hero1': {
            populate: {
              image: { fields: ['url'] },
              author: { fields: ['documentId'] },
              cta: { populate: '*' },
            },
          },
          'text.text1': { populate: '*' },
        },
      },
    });
  });

  it('stops nesting components 8 levels below a block', () => {
    const loop: StrapiComponentSchema = {
      components: { 'a.a': { attributes: { self: { type: 'component', component: 'a.a' } } } },
    };
    const zone = blocksPopulate('blocks', ['a.a'], loop) as { blocks: { on: Record<string, unknown> } };
    let level = zone.blocks.on['a.a'] as { populate: unknown };
    let depth = 0;
    while (typeof level.populate === 'object') {
      level = (level.populate as { self: { populate: unknown } }).self;
      depth += 1;
    }
    expect(depth).toBe(8);
    expect(level).toEqual({ populate: '*' });
  });

  it('writes the bracket form Strapi parses, lists by index, every part encoded', () => {
    expect(
      bracketQuery({ populate: { blocks: { on: { 'hero.hero1': { populate: { img: { fields: ['url'] } } } } } } }),
    ).toBe('populate%5Bblocks%5D%5Bon%5D%5Bhero.hero1%5D%5Bpopulate%5D%5Bimg%5D%5Bfields%5D%5B0%5D=url');
    expect(bracketQuery({ a: 'x&y', b: undefined, c: 1 })).toBe('a=x%26y&c=1');
  });
});
