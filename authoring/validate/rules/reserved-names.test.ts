import { describe, expect, it } from 'vitest';
import { componentSource, diagnosticsOf } from '../../testing/source-fixture.js';

const withFields = (fields: Record<string, unknown>) => ({
  components: { 'a/b.json': componentSource('a.b', { cmp_variant: 'string!', ...fields }) },
});

describe('reservedNames', () => {
  it.each([
    'id',
    'documentId',
    'createdAt',
    'updated_at',
    'publishedAt',
    'locale',
    'localizations',
    'status',
    'meta',
    'strapiThing',
  ])('reports the reserved field name %s at its key', (name) => {
    expect(diagnosticsOf(withFields({ [name]: 'string' }))).toEqual([
      'src/source/components/a/b.json:6:5 attribute-name-reserved',
    ]);
  });

  it.each(['1st', 'my-field', '_hidden'])('reports the invalid field name %s', (name) => {
    expect(diagnosticsOf(withFields({ [name]: 'string' }))).toEqual([
      'src/source/components/a/b.json:6:5 attribute-name-invalid',
    ]);
  });

  it('reports two names that are the same column once snake_cased', () => {
    expect(diagnosticsOf(withFields({ myField: 'string', my_field: 'text' }))).toEqual([
      'src/source/components/a/b.json:7:17 attribute-name-conflict',
    ]);
  });
});
