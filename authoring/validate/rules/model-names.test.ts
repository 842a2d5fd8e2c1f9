import { describe, expect, it } from 'vitest';
import { collectionSource, componentSource, diagnosticsOf } from '../../testing/source-fixture.js';

describe('modelNames', () => {
  it('reports reserved model names of collections and components', () => {
    expect(
      diagnosticsOf({
        components: { 'a/upload.json': componentSource('a.upload', { cmp_variant: 'string!' }) },
        collections: { 'document.json': collectionSource('document', { slug: 'uid!' }) },
      }),
    ).toEqual([
      'src/source/collections/document.json:3:9 model-name-reserved',
      'src/source/components/a/upload.json:3:9 model-name-reserved',
    ]);
  });

  it('reports a collection whose plural is its singular', () => {
    expect(diagnosticsOf({ collections: { 'news.json': collectionSource('news', { slug: 'uid!' }) } })).toEqual([
      'src/source/collections/news.json:3:9 collection-plural-same',
    ]);
  });

  it('reports a collection whose singular is the plural of another', () => {
    expect(
      diagnosticsOf({
        collections: {
          'person.json': collectionSource('person', { slug: 'uid!' }),
          'people.json': collectionSource('people', { slug: 'uid!' }),
        },
      }),
    ).toEqual([
      'src/source/collections/people.json:3:9 collection-plural-same',
      'src/source/collections/person.json:3:9 model-name-conflict',
    ]);
  });

  it('reports two components that would share a table', () => {
    expect(
      diagnosticsOf({
        components: {
          'a/card.json': componentSource('a.card', { cmp_variant: 'string!' }),
          'a/cards.json': componentSource('a.cards', { cmp_variant: 'string!' }),
        },
      }),
    ).toEqual(['src/source/components/a/cards.json:3:9 model-name-conflict']);
  });
});
