import { describe, expect, it } from 'vitest';
import { collectionSource, componentSource, diagnosticsOf } from '../../testing/source-fixture.js';

const pair = (page: unknown, author: unknown) => ({
  collections: {
    'page.json': collectionSource('page', { slug: 'uid!', author: page }),
    'author.json': collectionSource('author', { slug: 'uid!', pages: author }),
  },
});

describe('relationPairs', () => {
  it('accepts matching pairs of every kind', () => {
    expect(
      diagnosticsOf(pair('relation(manyToOne,author,inversedBy=pages)', 'relation(oneToMany,page,mappedBy=author)')),
    ).toEqual([]);
    expect(
      diagnosticsOf(pair('relation(oneToOne,author,inv:pages)', 'relation(oneToOne,api::page.page,mb:author)')),
    ).toEqual([]);
    expect(
      diagnosticsOf(pair('relation(manyToMany,author,ib(pages))', 'relation(manyToMany,page,map(author))')),
    ).toEqual([]);
  });

  it('accepts one-way relations and outside targets', () => {
    expect(
      diagnosticsOf(pair('relation(manyToOne,author)', 'relation(oneToOne,plugin::users-permissions.user)')),
    ).toEqual([]);
  });

  it('reports a target that is not a collection of the package', () => {
    expect(diagnosticsOf(pair('relation(manyToOne,writer)', 'relation(oneToOne,api::writer.writer)'))).toEqual([
      'src/source/collections/author.json:6:14 relation-target-unknown',
      'src/source/collections/page.json:6:15 relation-target-unknown',
    ]);
  });

  it('reports a single type as the target, from a collection and from a component', () => {
    const fixture = {
      components: {
        'a/b.json': componentSource('a.b', { cmp_variant: 'string!', settings: 'relation(oneToOne,site-setting)' }),
      },
      collections: {
        'page.json': collectionSource('page', {
          slug: 'uid!',
          settings: { type: 'relation', relation: 'manyToOne', target: 'api::site-setting.site-setting' },
        }),
        'site-setting.json': collectionSource('site-setting', { name: 'string' }, { mode: 'single' }),
      },
    };
    expect(diagnosticsOf(fixture)).toEqual([
      'src/source/collections/page.json:9:17 relation-target-single-type',
      'src/source/components/a/b.json:6:17 relation-target-single-type',
    ]);
  });

  it('reports an inverse on an outside model', () => {
    expect(diagnosticsOf(pair('relation(oneToOne,plugin::users-permissions.user,inv=page)', 'string'))).toEqual([
      'src/source/collections/page.json:6:15 relation-inverse-external',
    ]);
  });

  it('reports the wrong side for oneToMany and manyToOne', () => {
    expect(
      diagnosticsOf(pair('relation(manyToOne,author,mappedBy=pages)', 'relation(oneToMany,page,inversedBy=author)')),
    ).toEqual([
      'src/source/collections/author.json:6:14 relation-side-invalid',
      'src/source/collections/page.json:6:15 relation-side-invalid',
    ]);
  });

  it('reports an inverse naming a field that does not exist', () => {
    expect(diagnosticsOf(pair('relation(manyToOne,author,inversedBy=posts)', 'string'))).toEqual([
      'src/source/collections/page.json:6:15 relation-inverse-missing',
    ]);
  });

  it('reports pairs that do not answer each other: not a relation, wrong name, wrong type, both inversedBy', () => {
    expect(diagnosticsOf(pair('relation(manyToOne,author,inversedBy=pages)', 'string'))).toEqual([
      'src/source/collections/page.json:6:15 relation-inverse-mismatch',
    ]);
    expect(
      diagnosticsOf({
        collections: {
          'page.json': collectionSource('page', {
            slug: 'uid!',
            author: 'relation(manyToOne,author,inversedBy=pages)',
            writer: 'string',
          }),
          'author.json': collectionSource('author', {
            slug: 'uid!',
            pages: 'relation(oneToMany,page,mappedBy=writer)',
          }),
        },
      }),
    ).toEqual([
      'src/source/collections/author.json:6:14 relation-inverse-mismatch',
      'src/source/collections/page.json:6:15 relation-inverse-mismatch',
    ]);
    expect(
      diagnosticsOf(pair('relation(oneToOne,author,inversedBy=pages)', 'relation(manyToMany,page,mappedBy=author)')),
    ).toEqual([
      'src/source/collections/author.json:6:14 relation-inverse-mismatch',
      'src/source/collections/page.json:6:15 relation-inverse-mismatch',
    ]);
    expect(
      diagnosticsOf(pair('relation(oneToOne,author,inversedBy=pages)', 'relation(oneToOne,page,inversedBy=author)')),
    ).toEqual([
      'src/source/collections/author.json:6:14 relation-inverse-mismatch',
      'src/source/collections/page.json:6:15 relation-inverse-mismatch',
    ]);
  });

  it('points at inversedBy or mappedBy in the object form', () => {
    expect(
      diagnosticsOf(pair({ type: 'relation', relation: 'manyToOne', target: 'author', inversedBy: 'posts' }, 'string')),
    ).toEqual(['src/source/collections/page.json:10:21 relation-inverse-missing']);
  });
});
