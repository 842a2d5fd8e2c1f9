import { describe, expect, it } from 'vitest';
import { collectionSource, componentSource, diagnosticsOf, validateFixture } from '../../testing/source-fixture.js';

/** A page collection listing hero.hero1 in its zone, and card.card1 listed by no zone. */
function pagePackage(pageFields: Record<string, unknown>, heroFields: Record<string, unknown> = {}) {
  return {
    components: {
      'hero/hero1.json': componentSource('hero.hero1', { cmp_variant: 'string!', ...heroFields }),
      'card/card1.json': componentSource('card.card1', { cmp_variant: 'string!', cmp_instance: 'json' }),
    },
    collections: {
      'page.json': collectionSource('page', { slug: 'uid!', blocks: 'dynamicZone(hero.hero1)', ...pageFields }),
      'tag.json': collectionSource('tag', { slug: 'uid!', revision: 'integer' }),
    },
  };
}

describe('generatedFields', () => {
  it('accepts revision and cmp_instance where generate adds neither', () => {
    expect(diagnosticsOf(pagePackage({}))).toEqual([]);
  });

  it.each(['revision', 'Revision', 'REVISION'])('reports %s on a page collection at its key', (name) => {
    const { diagnostics } = validateFixture(pagePackage({ [name]: 'integer' }));
    expect(diagnostics.map((d) => `${d.path}:${d.line}:${d.column} ${d.code}`)).toEqual([
      'src/source/collections/page.json:7:5 field-reserved',
    ]);
    expect(diagnostics[0]?.message).toContain('"revision"');
  });

  it.each(['cmp_instance', 'cmpInstance'])('reports %s on a component a dynamic zone lists', (name) => {
    expect(diagnosticsOf(pagePackage({}, { [name]: { type: 'json' } }))).toEqual([
      'src/source/components/hero/hero1.json:6:5 field-reserved',
    ]);
  });
});
