import { describe, expect, it } from 'vitest';
import { collectionSource, diagnosticsOf } from '../../testing/source-fixture.js';

describe('slugField', () => {
  it('reports a collection type without a slug at its fields key', () => {
    expect(diagnosticsOf({ collections: { 'page.json': collectionSource('page', { title: 'string' }) } })).toEqual([
      'src/source/collections/page.json:4:3 slug-missing',
    ]);
  });

  it('reports a slug that is not a uid', () => {
    expect(diagnosticsOf({ collections: { 'page.json': collectionSource('page', { slug: 'string' }) } })).toEqual([
      'src/source/collections/page.json:5:13 slug-invalid',
    ]);
  });

  it('reports an optional uid slug without a targetField, at its value', () => {
    expect(diagnosticsOf({ collections: { 'page.json': collectionSource('page', { slug: 'uid' }) } })).toEqual([
      'src/source/collections/page.json:5:13 slug-invalid',
    ]);
    const object = { slug: { type: 'uid', maxLength: 80 } };
    expect(diagnosticsOf({ collections: { 'page.json': collectionSource('page', object) } })).toEqual([
      'src/source/collections/page.json:5:13 slug-invalid',
    ]);
  });

  it('accepts a required uid slug, or one with a targetField', () => {
    for (const slug of ['uid!', 'uid(title)', 'uid(title)!', { type: 'uid', required: true }]) {
      const fields = { title: 'string', slug };
      expect(diagnosticsOf({ collections: { 'page.json': collectionSource('page', fields) } }), String(slug)).toEqual(
        [],
      );
    }
  });

  it('does not ask a single type for a slug', () => {
    expect(
      diagnosticsOf({
        collections: { 'home.json': collectionSource('home', { title: 'string' }, { mode: 'single' }) },
      }),
    ).toEqual([]);
  });
});
