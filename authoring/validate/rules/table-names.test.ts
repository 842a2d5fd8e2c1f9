import { describe, expect, it } from 'vitest';
import { collectionSource, componentSource, diagnosticsOf, validateFixture } from '../../testing/source-fixture.js';

const page = { 'page.json': collectionSource('page', { slug: 'uid!' }) };

describe('tableNames', () => {
  it('reports two components whose relations share a link table once lodash snake_cases their tables', () => {
    const fixture = {
      components: {
        'hero/banner2.json': componentSource('hero.banner2', {
          cmp_variant: 'string!',
          link: 'relation(oneToOne,page)',
        }),
        'hero/banner-2.json': componentSource('hero.banner-2', {
          cmp_variant: 'string!',
          link: 'relation(oneToOne,page)',
        }),
      },
      collections: page,
    };
    expect(diagnosticsOf(fixture)).toEqual(['src/source/components/hero/banner2.json:6:5 table-name-conflict']);
    expect(validateFixture(fixture).diagnostics[0]!.message).toBe(
      '"components_hero_banner_2_s_link_lnk", the link table of component hero.banner2 field "link", is also the link table of component hero.banner-2 field "link" at src/source/components/hero/banner-2.json:6:5',
    );
  });

  it('gives no link table to the mappedBy side of a relation', () => {
    expect(
      diagnosticsOf({
        collections: {
          'author.json': collectionSource('author', {
            slug: 'uid!',
            pages: 'relation(oneToMany,page,mappedBy=author)',
          }),
          'page.json': collectionSource('page', {
            slug: 'uid!',
            author: 'relation(manyToOne,author,inversedBy=pages)',
          }),
          // Its own table, authors_pages, is not author's missing link table authors_pages_lnk.
          'authors-page.json': collectionSource('authors-page', { slug: 'uid!' }),
        },
      }),
    ).toEqual([]);
  });

  it('reports two components that would share a table', () => {
    expect(
      diagnosticsOf({
        components: {
          'a/card.json': componentSource('a.card', { cmp_variant: 'string!' }),
          'a/cards.json': componentSource('a.cards', { cmp_variant: 'string!' }),
        },
      }),
    ).toEqual(['src/source/components/a/cards.json:3:9 table-name-conflict']);
  });

  it('reports a collection whose table is the _cmps table of a component', () => {
    expect(
      diagnosticsOf({
        components: {
          'a/b.json': componentSource('a.b', { cmp_variant: 'string!', inner: 'component(a.c)' }),
          'a/c.json': componentSource('a.c', { cmp_variant: 'string!' }),
        },
        collections: { 'components-a-bs-cmp.json': collectionSource('components-a-bs-cmp', { slug: 'uid!' }) },
      }),
    ).toEqual(['src/source/collections/components-a-bs-cmp.json:3:9 table-name-conflict']);
  });

  it('reports a collection whose table a stock plugin has (file: "DB table files already exists")', () => {
    const fixture = { collections: { 'file.json': collectionSource('file', { slug: 'uid!' }) } };
    const tables = validateFixture(fixture).diagnostics.filter((d) => d.code === 'table-name-conflict');
    expect(tables.map((d) => d.message)).toEqual([
      '"files", the table of collection file, is also Strapi\'s table of plugin::upload.file (the upload plugin)',
    ]);
  });

  it('reports a link table a stock plugin has, at the relation field', () => {
    const fixture = {
      collections: {
        'upload-folder.json': collectionSource('upload-folder', {
          slug: 'uid!',
          parent: 'relation(manyToOne,upload-folder)',
        }),
      },
    };
    expect(diagnosticsOf(fixture)).toEqual([
      'src/source/collections/upload-folder.json:3:9 model-name-conflict',
      'src/source/collections/upload-folder.json:3:9 table-name-conflict',
      'src/source/collections/upload-folder.json:6:5 table-name-conflict',
    ]);
    expect(validateFixture(fixture).diagnostics[2]!.message).toBe(
      '"upload_folders_parent_lnk", the link table of collection upload-folder field "parent", is also Strapi\'s table of plugin::upload.folder (the upload plugin)',
    );
  });

  it('compares names as Strapi shortens them past 55 characters', () => {
    const long = 'a'.repeat(50); // components_aaa…_x1s: 65 characters, cut to 50 plus a hash
    expect(
      diagnosticsOf({
        components: {
          [`${long}/x1.json`]: componentSource(`${long}.x1`, { cmp_variant: 'string!' }),
          [`${long}/x2.json`]: componentSource(`${long}.x2`, { cmp_variant: 'string!' }),
        },
      }),
    ).toEqual([]);
  });
});
