import { describe, expect, it } from 'vitest';
import { collectionSource, componentSource, diagnosticsOf } from '../../testing/source-fixture.js';

const hero = (fields: Record<string, unknown>) => ({
  components: { 'hero/hero1.json': componentSource('hero.hero1', { cmp_variant: 'string!', ...fields }) },
  lock: 'auto' as const,
});

describe('deprecatedFields', () => {
  it('accepts a deprecated field, alone or renamed to a live field of the same column type', () => {
    expect(diagnosticsOf(hero({ subtitle: { type: 'text', deprecated: true } }))).toEqual([]);
    expect(
      diagnosticsOf(hero({ tagline: 'richtext', subtitle: { type: 'text', deprecated: true, renamedTo: 'tagline' } })),
    ).toEqual([]);
  });

  it('refuses renamedTo without deprecated, a required or defaulted deprecated field, and a deprecated collection field', () => {
    expect(diagnosticsOf(hero({ tagline: 'text', subtitle: { type: 'text', renamedTo: 'tagline' } }))).toEqual([
      'src/source/components/hero/hero1.json:9:7 field-option-not-allowed',
    ]);
    expect(diagnosticsOf(hero({ subtitle: { type: 'text', deprecated: true, required: true, default: 'x' } }))).toEqual(
      [
        'src/source/components/hero/hero1.json:9:19 field-option-not-allowed',
        'src/source/components/hero/hero1.json:10:18 field-option-not-allowed',
      ],
    );
    const tag = collectionSource('tag', {
      name: 'string',
      slug: 'uid(name)!',
      old: { type: 'string', deprecated: true },
    });
    expect(diagnosticsOf({ collections: { 'tag.json': tag } })).toEqual([
      'src/source/collections/tag.json:9:21 field-option-not-allowed',
    ]);
  });

  it('refuses renamedTo to a missing, deprecated or other-column field, and on a field without a column', () => {
    const renamed = (type: string, to: string, more: Record<string, unknown> = {}) =>
      diagnosticsOf(hero({ ...more, subtitle: { type, deprecated: true, renamedTo: to } }));
    const at = ['src/source/components/hero/hero1.json:10:20 field-option-not-allowed'];
    expect(renamed('text', 'tagline')).toEqual(['src/source/components/hero/hero1.json:9:20 field-option-not-allowed']);
    expect(renamed('text', 'tagline', { tagline: { type: 'text', deprecated: true } })).toEqual([
      'src/source/components/hero/hero1.json:13:20 field-option-not-allowed',
    ]);
    expect(renamed('text', 'tagline', { tagline: 'string' })).toEqual(at);
    expect(renamed('media', 'tagline', { tagline: 'media' })).toEqual(at);
  });
});
