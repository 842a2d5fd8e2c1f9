import { describe, expect, it } from 'vitest';
import { SourceFile } from '../source/source-file.js';
import { validEditorSchema } from '../testing/editor-schema-fixture.js';
import { validateEditorSchema } from './validate-editor-schema.js';

/** The schema's text, two spaces indented (positions below count on it), after `edit` changes a copy. */
function schemaText(edit: (schema: typeof validEditorSchema & Record<string, unknown>) => void = () => {}): string {
  const schema = structuredClone(validEditorSchema) as typeof validEditorSchema & Record<string, unknown>;
  edit(schema);
  return JSON.stringify(schema, null, 2);
}

function check(text: string): string[] {
  return validateEditorSchema(new SourceFile('src/editor-schemas/hero/hero1.json', text)).map(
    (d) => `${d.line}:${d.column} ${d.code}`,
  );
}

/** line:column of the first occurrence of `needle` in `text`. */
function at(text: string, needle: string, nth = 0): string {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = text.indexOf(needle, index + 1);
  const before = text.slice(0, index).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe('validateEditorSchema', () => {
  it('accepts a valid schema', () => {
    expect(check(schemaText())).toEqual([]);
  });

  it('requires title, type object, required and properties, at the value or the root', () => {
    const text = schemaText((s) => {
      delete (s as Partial<typeof s>).title;
      s.type = 'array';
    });
    expect(check(text)).toEqual(['1:1 editor-schema-shape', `${at(text, '"array"')} editor-schema-shape`]);
    const noProperties = schemaText((s) => {
      delete (s as Partial<typeof s>).properties;
      delete (s as Partial<typeof s>).definitions;
      s.required = 'heading' as never;
    });
    expect(check(noProperties)).toEqual([
      '1:1 editor-schema-shape',
      `${at(noProperties, '"heading"')} editor-schema-shape`,
    ]);
  });

  it('reports a required name that is not a property', () => {
    const text = schemaText((s) => s.required.push('nope'));
    expect(check(text)).toEqual([`${at(text, '"nope"')} editor-schema-shape`]);
  });

  it('reports a $ref that does not resolve, at the $ref value', () => {
    const text = schemaText((s) => {
      s.properties.items.items.$ref = '#/definitions/nope';
      s.properties.fields.items.$ref = '#/definitions/button';
      s.properties.heading = { $ref: '#/definitions/formField' } as never;
    });
    expect(check(text)).toEqual([`${at(text, '"#/definitions/nope"')} editor-schema-ref-unresolved`]);
  });

  it('reports a definition no $ref names, at its key', () => {
    const text = schemaText((s) => {
      s.properties.items.items.$ref = '#/definitions/formField';
    });
    expect(check(text)).toEqual([`${at(text, '"button": {')} editor-schema-definition-unused`]);
  });

  it('allows form field types text, email, tel, textarea only', () => {
    const text = schemaText((s) => s.definitions.formField.properties.type.enum.push('number'));
    expect(check(text)).toEqual([`${at(text, '"number"')} editor-schema-field-type`]);
  });

  it('allows button targets _self and _blank only', () => {
    const text = schemaText((s) => {
      s.definitions.button.properties.target = { const: '_top' } as never;
    });
    expect(check(text)).toEqual([`${at(text, '"_top"')} editor-schema-button-target`]);
  });

  it('requires label, path, target, variant and size of a button, one diagnostic each', () => {
    const text = schemaText((s) => {
      s.definitions.button.required = ['label', 'path', 'target'];
      delete (s.definitions.button.properties as Partial<typeof s.definitions.button.properties>).size;
    });
    const required = at(text, '[\n        "label"');
    expect(check(text)).toEqual([
      `${required} editor-schema-button-incomplete`,
      `${required} editor-schema-button-incomplete`,
    ]);
  });

  it('requires minItems 1 on arrays of items and of form fields', () => {
    const text = schemaText((s) => {
      s.properties.items.minItems = 0;
      delete (s.properties.fields as Partial<typeof s.properties.fields>).minItems;
    });
    expect(check(text)).toEqual([
      `${at(text, '0,')} editor-schema-min-items`,
      `${at(text, '{\n      "type": "array",\n      "items": {\n        "$ref": "#/definitions/formField"')} editor-schema-min-items`,
    ]);
  });

  it('reports every failure at once', () => {
    const text = schemaText((s) => {
      s.type = 'array';
      s.definitions.formField.properties.type.enum.push('number');
      s.definitions.button.properties.target.enum.push('_parent');
      s.properties.items.minItems = 0;
    });
    expect(
      check(text)
        .map((line) => line.split(' ')[1])
        .sort(),
    ).toEqual([
      'editor-schema-button-target',
      'editor-schema-field-type',
      'editor-schema-min-items',
      'editor-schema-shape',
    ]);
  });
});
