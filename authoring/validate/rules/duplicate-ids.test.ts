import { describe, expect, it } from 'vitest';
import { collectionSource, componentSource, diagnosticsOf, validateFixture } from '../../testing/source-fixture.js';

describe('duplicateIds', () => {
  it('reports a second component file with the same id, at its id, naming the first', () => {
    const fixture = {
      components: {
        'hero/hero1.json': componentSource('hero.hero1', { cmp_variant: 'string!' }),
        'hero/copy.json': componentSource('hero.hero1', { cmp_variant: 'string!' }),
      },
    };
    expect(diagnosticsOf(fixture)).toEqual(['src/source/components/hero/hero1.json:3:9 component-id-duplicate']);
    expect(validateFixture(fixture).diagnostics[0]!.message).toBe(
      'component id "hero.hero1" is already defined at src/source/components/hero/copy.json:3:9',
    );
  });

  it('reports duplicate collection ids', () => {
    expect(
      diagnosticsOf({
        collections: {
          'a.json': collectionSource('page', { slug: 'uid!' }),
          'b.json': collectionSource('page', { slug: 'uid!' }),
        },
      }),
    ).toEqual(['src/source/collections/b.json:3:9 collection-id-duplicate']);
  });
});
