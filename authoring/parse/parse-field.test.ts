import { describe, expect, it } from 'vitest';
import { SourceFile } from '../source/source-file.js';
import { parseField } from './parse-field.js';

function parse(value: unknown) {
  const file = new SourceFile('src/source/components/a/b.json', JSON.stringify({ fields: { f: value } }, null, 2));
  const result = parseField(file, ['fields', 'f'], 'f', value);
  const { source: _source, ...attribute } = result.attribute ?? { source: undefined };
  return {
    attribute: result.attribute ? attribute : undefined,
    diagnostics: result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`),
  };
}

describe('parseField: the object form', () => {
  it('reads the common, validation and UI keys apart', () => {
    expect(
      parse({
        type: 'string',
        required: true,
        unique: true,
        default: 'x',
        private: false,
        configurable: true,
        localized: true,
        minLength: 1,
        maxLength: 5,
        regex: '^x',
        label: 'L',
        placeholder: 'P',
        help: 'H',
        hidden: false,
        readonly: true,
        widget: 'w',
        group: 'g',
        width: 4,
      }),
    ).toEqual({
      attribute: {
        type: 'string',
        name: 'f',
        required: true,
        options: {
          unique: true,
          default: 'x',
          private: false,
          configurable: true,
          localized: true,
          minLength: 1,
          maxLength: 5,
          regex: '^x',
        },
        ui: {
          label: 'L',
          placeholder: 'P',
          help: 'H',
          hidden: false,
          readonly: true,
          widget: 'w',
          group: 'g',
          width: 4,
        },
      },
      diagnostics: [],
    });
  });

  it.each([
    [
      { type: 'uid', targetField: 'title' },
      { type: 'uid', targetField: 'title' },
    ],
    [
      { type: 'enumeration', enum: ['a', 'b'] },
      { type: 'enumeration', enum: ['a', 'b'] },
    ],
    [
      { type: 'media', multiple: true, allowedTypes: ['images'] },
      { type: 'media', multiple: true, allowedTypes: ['images'] },
    ],
    [{ type: 'media' }, { type: 'media', multiple: false, allowedTypes: ['images', 'files', 'videos', 'audios'] }],
    [
      { type: 'relation', relation: 'oneToMany', target: 'page', mappedBy: 'author' },
      { type: 'relation', relation: 'oneToMany', target: 'page', mappedBy: 'author' },
    ],
    [
      { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'pages' },
      { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'pages' },
    ],
    [
      { type: 'component', component: 'a.b', repeatable: true },
      { type: 'component', component: 'a.b', repeatable: true },
    ],
    [
      { type: 'component', component: 'a.b' },
      { type: 'component', component: 'a.b', repeatable: false },
    ],
    [
      { type: 'dynamicZone', components: ['a.b', 'c.d'] },
      { type: 'dynamiczone', components: ['a.b', 'c.d'] },
    ],
    [
      { type: 'customField', customField: 'plugin::color-picker.color', options: { format: 'hex' } },
      { type: 'customField', customField: 'plugin::color-picker.color', customOptions: { format: 'hex' } },
    ],
  ])('reads the type-specific keys of %j', (value, spec) => {
    expect(parse(value)).toEqual({
      attribute: { ...spec, name: 'f', required: false, options: {}, ui: {} },
      diagnostics: [],
    });
  });

  it('reports an unknown or missing type at the type or the object', () => {
    expect(parse({ type: 'color' }).diagnostics).toEqual(['4:15 field-type-invalid']);
    expect(parse({ label: 'x' }).diagnostics).toEqual(['3:10 field-type-invalid']);
  });

  it('suggests the spelling of a type written in the wrong case', () => {
    const file = new SourceFile('x.json', '{"fields": {"f": {"type": "dynamiczone"}}}');
    expect(parseField(file, ['fields', 'f'], 'f', { type: 'dynamiczone' }).diagnostics[0]!.message).toBe(
      'unknown field type "dynamiczone" (did you mean "dynamicZone"?)',
    );
  });

  it('reports a key of another type at the key, and a missing type-specific key at the object', () => {
    expect(parse({ type: 'string', targetField: 'x', enum: ['a'] }).diagnostics).toEqual([
      '5:7 field-option-not-allowed',
      '6:7 field-option-not-allowed',
    ]);
    expect(parse({ type: 'relation', relation: 'oneToOne' }).diagnostics).toEqual(['3:10 field-option-missing']);
  });

  it('names the missing key with the right article', () => {
    const file = new SourceFile('c.json', JSON.stringify({ fields: { f: { type: 'enumeration' } } }, null, 2));
    const result = parseField(file, ['fields', 'f'], 'f', { type: 'enumeration' });
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      '3:10 field-option-missing an enumeration field needs "enum"',
    ]);
  });

  it('reports a wrong relation type, target, both inverse keys and an unknown media type at their keys', () => {
    expect(
      parse({ type: 'relation', relation: 'one', target: 'Page!', inversedBy: 'a', mappedBy: 'b' }).diagnostics,
    ).toEqual(['5:19 relation-type-invalid', '6:17 relation-target-invalid', '8:7 relation-option-invalid']);
    expect(parse({ type: 'media', allowedTypes: ['images', 'pdf'] }).diagnostics).toEqual(['7:9 media-type-invalid']);
  });

  it('reports a shorthand it cannot read at the value', () => {
    expect(parse('strng').diagnostics).toEqual(['3:10 field-shorthand-invalid']);
  });
});
