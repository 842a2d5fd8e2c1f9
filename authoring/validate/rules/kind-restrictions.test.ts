import { describe, expect, it } from 'vitest';
import { collectionSource, componentSource, diagnosticsOf } from '../../testing/source-fixture.js';

const base = { 'a/base.json': componentSource('a.base', { cmp_variant: 'string!' }) };
const inComponent = (field: unknown) => ({
  components: { ...base, 'a/b.json': componentSource('a.b', { cmp_variant: 'string!', field }) },
  collections: { 'page.json': collectionSource('page', { slug: 'uid!' }) },
});

describe('kindRestrictions', () => {
  it('reports a dynamic zone inside a component', () => {
    expect(diagnosticsOf(inComponent('dynamicZone(a.base)'))).toEqual([
      'src/source/components/a/b.json:6:14 dynamiczone-in-component',
    ]);
  });

  it('reports a uid inside a component', () => {
    expect(diagnosticsOf(inComponent('uid'))).toEqual(['src/source/components/a/b.json:6:14 uid-in-component']);
  });

  it.each(['manyToOne', 'manyToMany'])('reports a %s relation in a component at the relation key', (relation) => {
    expect(diagnosticsOf(inComponent({ type: 'relation', relation, target: 'page' }))).toEqual([
      'src/source/components/a/b.json:8:19 relation-type-not-allowed',
    ]);
  });

  it('accepts oneToOne and oneToMany in a component', () => {
    expect(diagnosticsOf(inComponent('relation(oneToOne,page)'))).toEqual([]);
    expect(diagnosticsOf(inComponent('relation(oneToMany,page)'))).toEqual([]);
  });

  it('reports a two-way relation in a component', () => {
    expect(diagnosticsOf(inComponent('relation(oneToMany,page,mappedBy=x)'))).toEqual([
      'src/source/components/a/b.json:6:14 relation-inverse-in-component',
    ]);
  });

  it('reports localized in a component', () => {
    expect(diagnosticsOf(inComponent({ type: 'string', localized: true }))).toEqual([
      'src/source/components/a/b.json:8:20 localized-in-component',
    ]);
  });

  it('reports manyToMany in a single type, and localized outside an i18n collection', () => {
    expect(
      diagnosticsOf({
        collections: {
          'page.json': collectionSource('page', { slug: 'uid!', title: { type: 'string', localized: true } }),
          'home.json': collectionSource('home', { pages: 'relation(manyToMany,page)' }, { mode: 'single' }),
        },
      }),
    ).toEqual([
      'src/source/collections/home.json:6:14 relation-type-not-allowed',
      'src/source/collections/page.json:8:20 localized-without-i18n',
    ]);
  });
});
