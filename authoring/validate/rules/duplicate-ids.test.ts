import { describe, expect, it } from 'vitest';
import {
  collectionSource,
  componentSource,
  diagnosticsOf,
  type SourceFixture,
  validateFixture,
} from '../../testing/source-fixture.js';

const lockOf = (entries: Record<string, string>) => ({
  $schema: '../sot/component-ids.lock.schema.json',
  components: Object.fromEntries(
    Object.entries(entries).map(([id, file]) => [id, { file, collectionName: `components_${id.replace('.', '_')}s` }]),
  ),
});

const messagesOf = (fixture: SourceFixture) =>
  validateFixture(fixture).diagnostics.map((d) => `${d.path}:${d.line}:${d.column} ${d.code} ${d.message}`);

describe('duplicateIds', () => {
  it('keeps the id with the file the lock binds it to, though another file sorts first', () => {
    const fixture = {
      components: {
        'hero/hero1.json': componentSource('hero.hero1', { cmp_variant: 'string!' }),
        // Added later, sorts first, and would break other rules: none of that is reported.
        'hero/copy.json': componentSource('hero.hero1', { title: 'component(hero.nope)' }),
      },
      lock: lockOf({ 'hero.hero1': 'components/hero/hero1.json' }),
    };
    expect(messagesOf(fixture)).toEqual([
      'src/source/components/hero/copy.json:3:9 component-id-duplicate component id "hero.hero1" is already defined at src/source/components/hero/hero1.json:3:9 (the file the lock binds it to): give this file another id or remove it',
    ]);
  });

  it('without a lock entry keeps the first file by path, and reports no lock entry for the id', () => {
    const fixture = {
      components: {
        'hero/b.json': componentSource('hero.hero1', { cmp_variant: 'string!' }),
        'hero/a.json': componentSource('hero.hero1', { cmp_variant: 'string!' }),
      },
      lock: lockOf({}),
    };
    expect(messagesOf(fixture)).toEqual([
      'src/source/components/hero/b.json:3:9 component-id-duplicate component id "hero.hero1" is already defined at src/source/components/hero/a.json:3:9 (the first file by path): give this file another id or remove it',
    ]);
  });

  it('gives no lock advice for a duplicated id whose locked file is gone', () => {
    expect(
      diagnosticsOf({
        components: {
          'hero/a.json': componentSource('hero.hero1', { cmp_variant: 'string!' }),
          'hero/b.json': componentSource('hero.hero1', { cmp_variant: 'string!' }),
        },
        lock: lockOf({ 'hero.hero1': 'components/hero/hero1.json' }),
      }),
    ).toEqual(['src/source/components/hero/b.json:3:9 component-id-duplicate']);
  });

  it('reports a duplicate collection once, without the relation errors it would cause', () => {
    const author = collectionSource('author', {
      slug: 'uid!',
      pages: 'relation(oneToMany,page,mappedBy=author)',
    });
    expect(
      diagnosticsOf({
        collections: {
          'author.json': author,
          'page.json': collectionSource('page', {
            slug: 'uid!',
            author: 'relation(manyToOne,author,inversedBy=pages)',
          }),
          // Sorts after page.json; as the owner it would break the pair with author.pages.
          'page2.json': collectionSource('page', {
            slug: 'uid!',
            writer: 'relation(manyToOne,author,inversedBy=pages)',
          }),
        },
      }),
    ).toEqual(['src/source/collections/page2.json:3:9 collection-id-duplicate']);
  });
});
