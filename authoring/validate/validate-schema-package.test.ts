import { describe, expect, it } from 'vitest';
import { collectionSource, componentSource, diagnosticsOf } from '../testing/source-fixture.js';

describe('validateFiles: a file that fails to parse', () => {
  it('is reported once, with no unknown-reference errors in the files that point at it', () => {
    const fixture = {
      components: {
        'shared/seo.json': '{\n  "id": "shared.seo",\n  "fields": {\n',
        'hero/hero1.json': componentSource('hero.hero1', { cmp_variant: 'string!', seo: 'component(shared.seo)' }),
      },
      collections: {
        'author.json': '{ "id": "author", "fields": { "name": "string" ',
        'page.json': collectionSource('page', {
          slug: 'uid(title)',
          title: 'string',
          author: 'relation(manyToOne,author)',
          editor: 'relation(manyToOne,api::author.author)',
          sections: 'dynamicZone(shared.seo)',
        }),
      },
      lock: {
        $schema: '../sot/component-ids.lock.schema.json',
        components: {
          'hero.hero1': { file: 'components/hero/hero1.json', collectionName: 'components_hero_hero1s' },
          'shared.seo': { file: 'components/shared/seo.json', collectionName: 'components_shared_seos' },
        },
      },
    };
    expect(diagnosticsOf(fixture)).toEqual([
      'src/source/collections/author.json:1:48 json-invalid',
      'src/source/components/shared/seo.json:4:1 json-invalid',
    ]);
  });

  it('still reports references to ids no file may hold', () => {
    const fixture = {
      components: { 'shared/seo.json': '{ broken' },
      collections: {
        'page.json': collectionSource('page', {
          slug: 'uid(title)',
          title: 'string',
          writer: 'relation(manyToOne,writer)',
          card: 'component(shared.card)',
        }),
      },
    };
    expect(diagnosticsOf(fixture)).toEqual([
      'src/source/collections/page.json:7:15 relation-target-unknown',
      'src/source/collections/page.json:8:13 component-unknown',
      'src/source/components/shared/seo.json:1:3 json-invalid',
    ]);
  });
});
