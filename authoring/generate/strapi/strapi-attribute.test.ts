import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model/compile-model.js';
import type { CompiledAttribute } from '../../model/compiled-schema.js';
import { collectionSource, componentSource, validateFixture } from '../../testing/source-fixture.js';
import { strapiAttribute } from './strapi-attribute.js';

/** Compiles one field of a collection `thing` (with `article` beside it) and returns its Strapi attribute. */
function strapiOf(field: unknown, i18n = false): Record<string, unknown> {
  const { model, diagnostics } = validateFixture({
    components: {
      'shared/seo.json': componentSource('shared.seo', { cmp_variant: 'string!' }),
      'shared/card.json': componentSource('shared.card', { cmp_variant: 'string!' }),
    },
    collections: {
      'thing.json': collectionSource('thing', { slug: 'uid!', field }, { i18n }),
      'article.json': collectionSource('article', { slug: 'uid!', things: 'relation(oneToMany,thing,mappedBy=field)' }),
    },
  });
  const relevant = diagnostics.filter(
    (d) => d.code !== 'relation-inverse-missing' && d.code !== 'relation-inverse-mismatch',
  );
  expect(relevant).toEqual([]);
  const thing = compileModel(model, 'hash').collections.find((collection) => collection.id === 'thing')!;
  return strapiAttribute(thing.attributes.find((attribute) => attribute.name === 'field') as CompiledAttribute, i18n);
}

describe('strapiAttribute: every shorthand form in Strapi 5 vocabulary', () => {
  it.each([
    ['string', { type: 'string' }],
    ['text!', { type: 'text', required: true }],
    ['blocks', { type: 'blocks' }],
    ['richtext', { type: 'richtext' }],
    ['email', { type: 'email' }],
    ['password', { type: 'password' }],
    ['date', { type: 'date' }],
    ['time', { type: 'time' }],
    ['datetime', { type: 'datetime' }],
    ['timestamp', { type: 'timestamp' }],
    ['integer', { type: 'integer' }],
    ['biginteger', { type: 'biginteger' }],
    ['float', { type: 'float' }],
    ['decimal', { type: 'decimal' }],
    ['boolean!', { type: 'boolean', required: true }],
    ['json', { type: 'json' }],
    ['uid', { type: 'uid' }],
    ['component(shared.seo)', { type: 'component', component: 'shared.seo', repeatable: false }],
    ['component(shared.card)[]!', { type: 'component', component: 'shared.card', repeatable: true, required: true }],
    ['dynamicZone(shared.seo,shared.card)', { type: 'dynamiczone', components: ['shared.seo', 'shared.card'] }],
    ['media', { type: 'media', allowedTypes: ['images', 'files', 'videos', 'audios'], multiple: false }],
    ['media(images,files)', { type: 'media', allowedTypes: ['images', 'files'], multiple: false }],
    ['media(images)', { type: 'media', allowedTypes: ['images'], multiple: false }],
    ['media(images)[]', { type: 'media', allowedTypes: ['images'], multiple: true }],
    ['media[]', { type: 'media', allowedTypes: ['images', 'files', 'videos', 'audios'], multiple: true }],
    ['enum(draft,live)', { type: 'enumeration', enum: ['draft', 'live'] }],
    [
      'relation(oneToOne,plugin::users-permissions.user)',
      { type: 'relation', relation: 'oneToOne', target: 'plugin::users-permissions.user' },
    ],
    [
      'relation(manyToOne,article)!',
      { type: 'relation', relation: 'manyToOne', required: true, target: 'api::article.article' },
    ],
    [
      'relation(manyToOne,api::article.article,inv:things)',
      { type: 'relation', inversedBy: 'things', relation: 'manyToOne', target: 'api::article.article' },
    ],
  ])('%s', (shorthand, expected) => {
    expect(strapiOf(shorthand)).toEqual(expected);
    expect(Object.keys(strapiOf(shorthand))[0]).toBe('type');
  });

  it('writes the object form keys Strapi knows and leaves the UI keys out', () => {
    expect(
      strapiOf({
        type: 'string',
        required: true,
        unique: true,
        default: 'x',
        private: true,
        configurable: false,
        minLength: 1,
        maxLength: 9,
        regex: '^x',
        label: 'Label',
        placeholder: 'p',
        help: 'h',
        hidden: false,
        readonly: true,
        widget: 'w',
        group: 'g',
        width: 6,
      }),
    ).toEqual({
      type: 'string',
      configurable: false,
      default: 'x',
      maxLength: 9,
      minLength: 1,
      private: true,
      regex: '^x',
      required: true,
      unique: true,
    });
  });

  it('keeps big integer bounds and default as digit strings', () => {
    expect(strapiOf({ type: 'biginteger', min: 0, max: '99', default: '5' })).toEqual({
      type: 'biginteger',
      default: '5',
      max: '99',
      min: '0',
    });
  });

  it('marks every non-relation attribute of an i18n collection localized unless it says otherwise', () => {
    expect(strapiOf('string', true)).toEqual({ type: 'string', pluginOptions: { i18n: { localized: true } } });
    expect(strapiOf({ type: 'string', localized: false }, true)).toEqual({
      type: 'string',
      pluginOptions: { i18n: { localized: false } },
    });
    expect(strapiOf('relation(oneToOne,article)', true)).toEqual({
      type: 'relation',
      relation: 'oneToOne',
      target: 'api::article.article',
    });
  });

  it('writes custom fields with their options', () => {
    expect(
      strapiOf({ type: 'customField', customField: 'plugin::color-picker.color', options: { format: 'hex' } }),
    ).toEqual({
      type: 'customField',
      customField: 'plugin::color-picker.color',
      options: { format: 'hex' },
    });
  });
});
