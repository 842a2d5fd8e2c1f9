import { describe, expect, it } from 'vitest';
import { componentSource, diagnosticsOf, validateFixture } from '../../testing/source-fixture.js';

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

  it.each(['id_', 'ID', 'documentID', 'Locale', 'created_By', 'strapi_thing', 'strapi2'])(
    'reports %s, reserved once snake_cased by lodash',
    (name) => {
      expect(diagnosticsOf(withFields({ [name]: 'string' }))).toEqual([
        'src/source/components/a/b.json:6:5 attribute-name-reserved',
      ]);
    },
  );

  it('says what Strapi compares the name as', () => {
    expect(validateFixture(withFields({ id_: 'string' })).diagnostics[0]!.message).toBe(
      'field name "id_" is reserved: "id" is Strapi\'s (Strapi compares it as "id")',
    );
  });

  it.each(['identity', 'metadata', 'statusText', 'localeName'])('accepts %s', (name) => {
    expect(diagnosticsOf(withFields({ [name]: 'string' }))).toEqual([]);
  });
});
