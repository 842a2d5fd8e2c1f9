import { describe, expect, it } from 'vitest';
import { componentSource, diagnosticsOf, validateFixture } from '../../testing/source-fixture.js';

const withField = (field: unknown) => ({
  components: { 'a/b.json': componentSource('a.b', { cmp_variant: 'string!', field }) },
});

describe('optionValues', () => {
  it.each([
    [{ type: 'integer', default: 1.5 }, 'default-invalid'],
    [{ type: 'string', default: 3 }, 'default-invalid'],
    [{ type: 'boolean', default: 'yes' }, 'default-invalid'],
    [{ type: 'biginteger', default: 12 }, 'default-invalid'],
  ])('reports %j at its default', (field, code) => {
    expect(diagnosticsOf(withField(field))).toEqual([`src/source/components/a/b.json:8:18 ${code}`]);
  });

  it('reports min above max and minLength above maxLength', () => {
    expect(diagnosticsOf(withField({ type: 'integer', min: 5, max: 1 }))).toEqual([
      'src/source/components/a/b.json:8:14 range-invalid',
    ]);
    expect(diagnosticsOf(withField({ type: 'string', minLength: 5, maxLength: 1 }))).toEqual([
      'src/source/components/a/b.json:8:20 range-invalid',
    ]);
  });

  it('reports a uid longer than Strapi allows', () => {
    expect(
      diagnosticsOf({
        collections: {
          'page.json': {
            $schema: '../../sot/collection.schema.json',
            id: 'page',
            fields: { slug: { type: 'uid', required: true, maxLength: 300 } },
          },
        },
      }),
    ).toEqual(['src/source/collections/page.json:8:20 range-invalid']);
  });

  it('reports min or max on a component that is not repeatable', () => {
    const fixture = {
      components: {
        'a/b.json': componentSource('a.b', {
          cmp_variant: 'string!',
          field: { type: 'component', component: 'a.c', max: 3 },
        }),
        'a/c.json': componentSource('a.c', { cmp_variant: 'string!' }),
      },
    };
    expect(diagnosticsOf(fixture)).toEqual(['src/source/components/a/b.json:9:14 field-option-not-allowed']);
  });

  it.each([
    [{ type: 'string', regex: '[a-z' }],
    [{ type: 'string', regex: '(?<x>a)(?<x>b)' }],
    // compiles without flags (Strapi) but not as a JSON Schema pattern (unicode mode)
    [{ type: 'string', regex: '\\-' }],
  ])('reports a regex that does not compile, at the regex value: %j', (field) => {
    expect(diagnosticsOf(withField(field))).toEqual(['src/source/components/a/b.json:8:16 regex-invalid']);
  });

  it('accepts a regex that compiles', () => {
    expect(diagnosticsOf(withField({ type: 'string', regex: '^[a-z]+(-[a-z]+)*$' }))).toEqual([]);
  });

  it('says "an" before a type that starts with a vowel sound', () => {
    const messages = (field: unknown) => validateFixture(withField(field)).diagnostics.map((d) => d.message);
    expect(messages({ type: 'integer', default: 1.5 })).toEqual(['default of an integer must be an integer']);
    expect(messages({ type: 'email', default: 1 })).toEqual(['default of an email must be a string']);
    expect(messages({ type: 'uid', default: 1 })).toContain('default of a uid must be a string');
    expect(messages({ type: 'string', default: 1 })).toEqual(['default of a string must be a string']);
  });

  it('accepts defaults of the right type', () => {
    expect(diagnosticsOf(withField({ type: 'float', default: 1.5, min: 0, max: 2 }))).toEqual([]);
    expect(diagnosticsOf(withField({ type: 'biginteger', default: '12' }))).toEqual([]);
  });
});
