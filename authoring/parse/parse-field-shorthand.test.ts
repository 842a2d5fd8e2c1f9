import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mediaTypes, relationTypes, scalarTypes } from '../model/attribute.js';
import { parseFieldShorthand } from './parse-field-shorthand.js';

describe('parseFieldShorthand', () => {
  it.each(scalarTypes)('reads the scalar %s, optional and with !', (type) => {
    expect(parseFieldShorthand(type)).toEqual({ ok: true, value: { required: false, spec: { type } } });
    expect(parseFieldShorthand(`${type}!`)).toEqual({ ok: true, value: { required: true, spec: { type } } });
  });

  it.each([
    ['uid', false, { type: 'uid' }],
    ['uid!', true, { type: 'uid' }],
    ['uid(title)', false, { type: 'uid', targetField: 'title' }],
    ['uid(title)!', true, { type: 'uid', targetField: 'title' }],
    ['component(shared.seo)', false, { type: 'component', component: 'shared.seo', repeatable: false }],
    ['component(shared.seo)!', true, { type: 'component', component: 'shared.seo', repeatable: false }],
    ['component(shared.card)[]', false, { type: 'component', component: 'shared.card', repeatable: true }],
    ['component(shared.card)[]!', true, { type: 'component', component: 'shared.card', repeatable: true }],
    [
      'dynamicZone(hero.hero1,cards.cards1)',
      false,
      { type: 'dynamiczone', components: ['hero.hero1', 'cards.cards1'] },
    ],
    [
      'dynamicZone(hero.hero1, cards.cards1)!',
      true,
      { type: 'dynamiczone', components: ['hero.hero1', 'cards.cards1'] },
    ],
    ['media', false, { type: 'media', multiple: false, allowedTypes: ['images', 'files', 'videos', 'audios'] }],
    ['media!', true, { type: 'media', multiple: false, allowedTypes: ['images', 'files', 'videos', 'audios'] }],
    ['media(images)', false, { type: 'media', multiple: false, allowedTypes: ['images'] }],
    ['media(images,files)', false, { type: 'media', multiple: false, allowedTypes: ['images', 'files'] }],
    ['media(images)[]', false, { type: 'media', multiple: true, allowedTypes: ['images'] }],
    ['media(images)[]!', true, { type: 'media', multiple: true, allowedTypes: ['images'] }],
    ['media[]', false, { type: 'media', multiple: true, allowedTypes: ['images', 'files', 'videos', 'audios'] }],
    ['enum(light,dark)', false, { type: 'enumeration', enum: ['light', 'dark'] }],
    ['enum(light, dark)!', true, { type: 'enumeration', enum: ['light', 'dark'] }],
    ['enum()', false, { type: 'enumeration', enum: [] }],
    ['relation(manyToOne,author)', false, { type: 'relation', relation: 'manyToOne', target: 'author' }],
    ['relation(oneToOne,api::page.page)!', true, { type: 'relation', relation: 'oneToOne', target: 'api::page.page' }],
    [
      'relation(oneToOne,plugin::users-permissions.user)',
      false,
      { type: 'relation', relation: 'oneToOne', target: 'plugin::users-permissions.user' },
    ],
  ] as const)('reads %s', (text, required, spec) => {
    expect(parseFieldShorthand(text)).toEqual({ ok: true, value: { required, spec } });
  });

  const inversed = { type: 'relation', relation: 'manyToOne', target: 'author', inversedBy: 'pages' };
  const mapped = { type: 'relation', relation: 'oneToMany', target: 'page', mappedBy: 'author' };
  it.each(['inversedBy', 'inv', 'ib', 'inverse'])(
    'reads the inversedBy alias %s in all three option formats',
    (key) => {
      for (const option of [`${key}=pages`, `${key}:pages`, `${key}(pages)`]) {
        expect(parseFieldShorthand(`relation(manyToOne,author,${option})`)).toEqual({
          ok: true,
          value: { required: false, spec: inversed },
        });
      }
    },
  );
  it.each(['mappedBy', 'map', 'mb', 'mapped'])('reads the mappedBy alias %s in all three option formats', (key) => {
    for (const option of [`${key}=author`, `${key}:author`, `${key}(author)`]) {
      expect(parseFieldShorthand(`relation(oneToMany,page,${option})!`)).toEqual({
        ok: true,
        value: { required: true, spec: mapped },
      });
    }
  });

  it.each([
    ['strin', 'field-shorthand-invalid'],
    ['String', 'field-shorthand-invalid'],
    ['string?', 'field-shorthand-invalid'],
    ['string![]', 'field-shorthand-invalid'],
    ['string(x)', 'field-shorthand-invalid'],
    ['string[]', 'field-shorthand-invalid'],
    ['enum(a,b)[]', 'field-shorthand-invalid'],
    ['uid(a,b)', 'field-shorthand-invalid'],
    ['component', 'field-shorthand-invalid'],
    ['component(a.b,c.d)', 'field-shorthand-invalid'],
    ['dynamicZone', 'field-shorthand-invalid'],
    ['dynamicZone(a.b,)', 'field-shorthand-invalid'],
    ['media(pictures)', 'media-type-invalid'],
    ['relation(manyToOne)', 'field-shorthand-invalid'],
    ['relation(manyToOne,author,inv=a,mb=b)', 'field-shorthand-invalid'],
    ['relation(oneToFew,author)', 'relation-type-invalid'],
    ['relation(manyToOne,Author)', 'relation-target-invalid'],
    ['relation(manyToOne,api::author)', 'relation-target-invalid'],
    ['relation(manyToOne,author,via=pages)', 'relation-option-invalid'],
    ['relation(manyToOne,author,pages)', 'relation-option-invalid'],
  ])('refuses %s with %s', (text, code) => {
    const result = parseFieldShorthand(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? undefined : result.error.code).toBe(code);
  });

  it('suggests the spelling of a type written in the wrong case', () => {
    expect(parseFieldShorthand('dynamiczone(a.b)')).toEqual({
      ok: false,
      error: {
        code: 'field-shorthand-invalid',
        message: 'unknown field type "dynamiczone" (did you mean "dynamicZone"?)',
      },
    });
  });

  it('reads back every relation shorthand it is given, whatever the alias and option format', () => {
    const aliases = {
      inversedBy: ['inversedBy', 'inv', 'ib', 'inverse'],
      mappedBy: ['mappedBy', 'map', 'mb', 'mapped'],
    };
    const name = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,8}$/);
    fc.assert(
      fc.property(
        fc.constantFrom(...relationTypes),
        fc.constantFrom('author', 'api::author.author', 'plugin::users-permissions.user'),
        fc.option(fc.tuple(fc.constantFrom('inversedBy' as const, 'mappedBy' as const), fc.nat(3), fc.nat(2), name)),
        fc.boolean(),
        (relation, target, option, required) => {
          let text = `relation(${relation},${target}`;
          if (option) {
            const [key, alias, format, value] = option;
            const written = aliases[key][alias]!;
            text += [`,${written}=${value}`, `,${written}:${value}`, `,${written}(${value})`][format];
          }
          text += `)${required ? '!' : ''}`;
          const spec = option
            ? { type: 'relation', relation, target, [option[0]]: option[3] }
            : { type: 'relation', relation, target };
          expect(parseFieldShorthand(text)).toEqual({ ok: true, value: { required, spec } });
        },
      ),
    );
  });

  it('reads back every media shorthand it is given', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...mediaTypes), { minLength: 1 }),
        fc.boolean(),
        fc.boolean(),
        (kinds, many, required) => {
          const text = `media(${kinds.join(',')})${many ? '[]' : ''}${required ? '!' : ''}`;
          expect(parseFieldShorthand(text)).toEqual({
            ok: true,
            value: { required, spec: { type: 'media', multiple: many, allowedTypes: kinds } },
          });
        },
      ),
    );
  });
});
