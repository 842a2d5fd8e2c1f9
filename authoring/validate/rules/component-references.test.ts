import { describe, expect, it } from 'vitest';
import { collectionSource, componentSource, diagnosticsOf } from '../../testing/source-fixture.js';

const seo = { 'shared/seo.json': componentSource('shared.seo', { cmp_variant: 'string!' }) };

describe('componentReferences', () => {
  it('reports an unknown component in component(...) at the field value', () => {
    expect(
      diagnosticsOf({
        components: seo,
        collections: { 'page.json': collectionSource('page', { slug: 'uid!', seo: 'component(shared.nope)' }) },
      }),
    ).toEqual(['src/source/collections/page.json:6:12 component-unknown']);
  });

  it('reports an unknown component in dynamicZone(...) at the field value', () => {
    expect(
      diagnosticsOf({
        components: seo,
        collections: {
          'page.json': collectionSource('page', { slug: 'uid!', blocks: 'dynamicZone(shared.seo,hero.nope)' }),
        },
      }),
    ).toEqual(['src/source/collections/page.json:6:15 component-unknown']);
  });

  it('reports unknown components of the object form at the key that names them', () => {
    expect(
      diagnosticsOf({
        components: seo,
        collections: {
          'page.json': collectionSource('page', {
            slug: 'uid!',
            seo: { type: 'component', component: 'shared.nope' },
            blocks: { type: 'dynamicZone', components: ['shared.seo', 'hero.nope'] },
          }),
        },
      }),
    ).toEqual([
      'src/source/collections/page.json:8:20 component-unknown',
      'src/source/collections/page.json:14:9 component-unknown',
    ]);
  });
});
