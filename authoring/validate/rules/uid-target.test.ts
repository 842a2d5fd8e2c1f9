import { describe, expect, it } from 'vitest';
import { collectionSource, diagnosticsOf } from '../../testing/source-fixture.js';

const page = (fields: Record<string, unknown>) => ({ collections: { 'page.json': collectionSource('page', fields) } });

describe('uidTarget', () => {
  it('accepts a string or text target', () => {
    expect(diagnosticsOf(page({ title: 'string', slug: 'uid(title)' }))).toEqual([]);
    expect(diagnosticsOf(page({ title: 'text', slug: 'uid(title)' }))).toEqual([]);
  });

  it('reports a target field that does not exist', () => {
    expect(diagnosticsOf(page({ slug: 'uid(title)' }))).toEqual([
      'src/source/collections/page.json:5:13 uid-target-invalid',
    ]);
  });

  it('reports a target field that is not a string or text, at targetField in the object form', () => {
    expect(diagnosticsOf(page({ count: 'integer', slug: { type: 'uid', targetField: 'count' } }))).toEqual([
      'src/source/collections/page.json:8:22 uid-target-invalid',
    ]);
  });

  it('reports a default beside a targetField', () => {
    expect(diagnosticsOf(page({ title: 'string', slug: { type: 'uid', targetField: 'title', default: 'x' } }))).toEqual(
      ['src/source/collections/page.json:9:18 uid-default-with-target'],
    );
  });
});
