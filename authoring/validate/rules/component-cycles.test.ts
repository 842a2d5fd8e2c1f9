import { describe, expect, it } from 'vitest';
import { componentSource, diagnosticsOf, validateFixture } from '../../testing/source-fixture.js';

describe('componentCycles', () => {
  it('reports a component that nests itself directly', () => {
    expect(
      diagnosticsOf({
        components: { 'a/b.json': componentSource('a.b', { cmp_variant: 'string!', self: 'component(a.b)' }) },
      }),
    ).toEqual(['src/source/components/a/b.json:6:13 component-cycle']);
  });

  it('reports a cycle through other components once, with its path', () => {
    const fixture = {
      components: {
        'a/a.json': componentSource('a.a', { cmp_variant: 'string!', next: 'component(a.b)[]' }),
        'a/b.json': componentSource('a.b', { cmp_variant: 'string!', next: 'component(a.c)' }),
        'a/c.json': componentSource('a.c', { cmp_variant: 'string!', back: 'component(a.a)' }),
      },
    };
    expect(diagnosticsOf(fixture)).toEqual(['src/source/components/a/c.json:6:13 component-cycle']);
    expect(validateFixture(fixture).diagnostics[0]!.message).toBe('component a.a nests itself: a.a → a.b → a.c → a.a');
  });

  it('accepts a component used twice without a cycle', () => {
    expect(
      diagnosticsOf({
        components: {
          'a/a.json': componentSource('a.a', { cmp_variant: 'string!', x: 'component(a.b)', y: 'component(a.b)[]' }),
          'a/b.json': componentSource('a.b', { cmp_variant: 'string!' }),
        },
      }),
    ).toEqual([]);
  });
});
