import { describe, expect, it } from 'vitest';
import { collectionSource, componentSource, diagnosticsOf, validateFixture } from '../../testing/source-fixture.js';

const collections = (...ids: string[]) => ({
  collections: Object.fromEntries(ids.map((id) => [`${id}.json`, collectionSource(id, { slug: 'uid!' })])),
});

describe('modelNames', () => {
  it('reports reserved model names of collections and components, compared snake_cased', () => {
    expect(
      diagnosticsOf({
        components: {
          'a/upload.json': componentSource('a.upload', { cmp_variant: 'string!' }),
          'a/date-time.json': componentSource('a.date-time', { cmp_variant: 'string!' }),
        },
        collections: collections('document', 'strapi-setting').collections,
      }),
    ).toEqual([
      'src/source/collections/document.json:3:9 model-name-reserved',
      'src/source/collections/strapi-setting.json:3:9 model-name-reserved',
      'src/source/components/a/date-time.json:3:9 model-name-reserved',
      'src/source/components/a/upload.json:3:9 model-name-reserved',
    ]);
  });

  it.each(['promo-', 'blog--post'])('reports %s, which is not kebab-case as Strapi checks it', (id) => {
    expect(diagnosticsOf(collections(id))).toEqual([`src/source/collections/${id}.json:3:9 model-name-invalid`]);
  });

  it('reports a collection whose plural is its singular', () => {
    expect(diagnosticsOf(collections('news'))).toEqual(['src/source/collections/news.json:3:9 collection-plural-same']);
  });

  it('reports two collections whose names are one once kebab-cased by lodash (step2 is step-2)', () => {
    const fixture = collections('step-2', 'step2');
    expect(diagnosticsOf(fixture)).toEqual(['src/source/collections/step2.json:3:9 model-name-conflict']);
    expect(validateFixture(fixture).diagnostics[0]!.message).toBe(
      'collection step2: its singular name "step2" is also the singular name of collection step-2 at src/source/collections/step-2.json:3:9; its plural name "step2s" is also the plural name of collection step-2 at src/source/collections/step-2.json:3:9',
    );
  });

  it('reports a collection whose singular is the plural of another', () => {
    expect(diagnosticsOf(collections('person', 'people'))).toEqual([
      'src/source/collections/people.json:3:9 collection-plural-same',
      'src/source/collections/person.json:3:9 model-name-conflict',
    ]);
  });

  it.each([
    ['user', 'plugin::users-permissions.user (the users-permissions plugin) and the singular name of admin::user'],
    ['file', 'plugin::upload.file (the upload plugin)'],
    ['locale', 'plugin::i18n.locale (the i18n plugin)'],
    ['release', 'plugin::content-releases.release (the content-releases plugin)'],
    ['workflow', 'plugin::review-workflows.workflow (the review-workflows plugin)'],
  ])('reports %s, a name of a stock content type', (id, owner) => {
    const fixture = collections(id);
    expect(diagnosticsOf(fixture)).toContain(`src/source/collections/${id}.json:3:9 model-name-conflict`);
    const conflict = validateFixture(fixture).diagnostics.find((d) => d.code === 'model-name-conflict');
    expect(conflict!.message).toContain(`its singular name "${id}" is also the singular name of ${owner}`);
  });

  it('reports a plural that is the table of a stock content type', () => {
    const fixture = collections('up-user');
    expect(validateFixture(fixture).diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        'model-name-conflict',
        'collection up-user: its plural name "up-users" is the table of plugin::users-permissions.user (the users-permissions plugin)',
      ],
      [
        'table-name-conflict',
        '"up_users", the table of collection up-user, is also Strapi\'s table of plugin::users-permissions.user (the users-permissions plugin)',
      ],
    ]);
  });
});
