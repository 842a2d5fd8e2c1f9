import { describe, expect, it } from 'vitest';
import { componentSource, diagnosticsOf } from '../../testing/source-fixture.js';

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

  it('reports a default that is not a value', () => {
    expect(diagnosticsOf(withField({ type: 'enumeration', enum: ['a', 'b'], default: 'c' }))).toEqual([
      'src/source/components/a/b.json:12:18 enum-default-invalid',
    ]);
  });
});
