import { describe, expect, it } from 'vitest';
import { componentSource, diagnosticsOf } from '../../testing/source-fixture.js';

describe('cmpVariant', () => {
  it('reports a component without cmp_variant at its fields key', () => {
    expect(diagnosticsOf({ components: { 'a/b.json': componentSource('a.b', { title: 'string' }) } })).toEqual([
      'src/source/components/a/b.json:4:3 cmp-variant-missing',
    ]);
  });

  it.each(['string', 'text!', 'enum(a,b)!'])('reports cmp_variant written as %s', (shorthand) => {
    expect(diagnosticsOf({ components: { 'a/b.json': componentSource('a.b', { cmp_variant: shorthand }) } })).toEqual([
      'src/source/components/a/b.json:5:20 cmp-variant-invalid',
    ]);
  });

  it('accepts the object form of a required string', () => {
    expect(
      diagnosticsOf({
        components: { 'a/b.json': componentSource('a.b', { cmp_variant: { type: 'string', required: true } }) },
      }),
    ).toEqual([]);
  });
});
