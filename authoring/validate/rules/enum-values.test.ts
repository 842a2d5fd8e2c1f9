import { describe, expect, it } from 'vitest';
import { componentSource, diagnosticsOf, validateFixture } from '../../testing/source-fixture.js';

const withField = (field: unknown) => ({
  components: { 'a/b.json': componentSource('a.b', { cmp_variant: 'string!', kind: field }) },
});

describe('enumValues', () => {
  it('reports an empty enumeration', () => {
    expect(diagnosticsOf(withField('enum()'))).toEqual(['src/source/components/a/b.json:6:13 enum-empty']);
    expect(diagnosticsOf(withField({ type: 'enumeration', enum: [] }))).toEqual([
      'src/source/components/a/b.json:8:15 enum-empty',
    ]);
  });

  it('reports a value starting with a digit, an empty value and a repeated one, each at its place in the object form', () => {
    expect(diagnosticsOf(withField({ type: 'enumeration', enum: ['ok', '1st', '', 'ok'] }))).toEqual([
      'src/source/components/a/b.json:10:9 enum-value-invalid',
      'src/source/components/a/b.json:11:9 enum-value-invalid',
      'src/source/components/a/b.json:12:9 enum-value-duplicate',
    ]);
  });

  it('reports values that collide once normalized for GraphQL', () => {
    expect(diagnosticsOf(withField('enum(dark-mode,dark_mode)'))).toEqual([
      'src/source/components/a/b.json:6:13 enum-value-duplicate',
    ]);
  });

  it('reports a value that starts with a digit once slugified as Strapi does (@1x is 1x)', () => {
    const fixture = withField({ type: 'enumeration', enum: ['@1x', '@2x'] });
    expect(diagnosticsOf(fixture)).toEqual([
      'src/source/components/a/b.json:9:9 enum-value-invalid',
      'src/source/components/a/b.json:10:9 enum-value-invalid',
    ]);
    expect(validateFixture(fixture).diagnostics[0]!.message).toBe(
      'enum value "@1x" starts with a digit once Strapi normalizes it ("1x")',
    );
  });

  it('reports values that collide once slugified (R&D is R_and_D), naming the first and where it is', () => {
    const fixture = withField({ type: 'enumeration', enum: ['R and D', 'R&D'] });
    expect(diagnosticsOf(fixture)).toEqual(['src/source/components/a/b.json:10:9 enum-value-duplicate']);
    expect(validateFixture(fixture).diagnostics[0]!.message).toBe(
      'enum value "R&D" collides with "R and D" at src/source/components/a/b.json:9:9: Strapi normalizes both to "R_and_D"',
    );
  });

  it('reports a value with no letter or digit, and accepts what Strapi transliterates', () => {
    expect(diagnosticsOf(withField('enum(ok,---)'))).toEqual([
      'src/source/components/a/b.json:6:13 enum-value-invalid',
    ]);
    expect(diagnosticsOf(withField({ type: 'enumeration', enum: ['Crème', 'Straße', '♥', 'x@y'] }))).toEqual([]);
  });

  it('reports a default that is not a value', () => {
    expect(diagnosticsOf(withField({ type: 'enumeration', enum: ['a', 'b'], default: 'c' }))).toEqual([
      'src/source/components/a/b.json:12:18 enum-default-invalid',
    ]);
  });
});
