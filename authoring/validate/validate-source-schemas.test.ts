import { describe, expect, it } from 'vitest';
import { componentSource, diagnosticsOf, validateFixture } from '../testing/source-fixture.js';

const ok = componentSource('a.b', { cmp_variant: 'string!' });

describe('validateSourceSchemas (layer 1)', () => {
  it('reports a file that is not JSON at the error position', () => {
    expect(diagnosticsOf({ components: { 'a/b.json': '{\n  "id": "a.b",\n  "fields": }\n' } })).toEqual([
      'src/source/components/a/b.json:3:13 json-invalid',
    ]);
  });

  it('reports an empty shorthand once, as a shorthand error (layer 1 leaves strings to the grammar)', () => {
    expect(
      diagnosticsOf({ components: { 'a/b.json': componentSource('a.b', { cmp_variant: 'string!', f: '' }) } }),
    ).toEqual(['src/source/components/a/b.json:6:10 field-shorthand-invalid']);
  });

  it('reports a key written twice', () => {
    expect(
      diagnosticsOf({
        components: {
          'a/b.json':
            '{\n  "id": "a.b",\n  "fields": {\n    "cmp_variant": "string!",\n    "cmp_variant": "text"\n  }\n}\n',
        },
      }),
    ).toContain('src/source/components/a/b.json:5:5 json-duplicate-key');
  });

  it('reports 200,000 duplicate keys (a file under the size limit) without overflowing the stack', () => {
    const duplicates = Array.from({ length: 200_000 }, () => '"a": "string"').join(',\n');
    const text = `{"id": "a.b", "fields": {"cmp_variant": "string!",\n${duplicates}}}`;
    expect(text.length).toBeLessThan(4 * 1024 * 1024);
    const { diagnostics } = validateFixture({ components: { 'a/b.json': text } });
    expect(diagnostics.filter((d) => d.code === 'json-duplicate-key')).toHaveLength(199_999);
  });

  it('reports a missing required key at the object, an unknown key at the key, a wrong type at the value', () => {
    const fixture = { components: { 'a/b.json': { id: 'a.b', colour: 'red', title: 3 } } };
    expect(diagnosticsOf(fixture)).toEqual([
      'src/source/components/a/b.json:1:1 schema-required',
      'src/source/components/a/b.json:3:3 schema-unknown-key',
      'src/source/components/a/b.json:4:12 schema-type',
    ]);
    expect(validateFixture(fixture).diagnostics.map((d) => d.message)).toEqual([
      '/ is missing the required key "fields"',
      '/ has an unknown key "colour"',
      '/title must be string',
    ]);
  });

  it('reports a component id that is not category.name, and a collection mode outside the enum', () => {
    expect(
      diagnosticsOf({
        components: { 'a/b.json': componentSource('Hero', { cmp_variant: 'string!' }) },
        collections: { 'home.json': { id: 'home', mode: 'singleType', fields: { slug: 'uid!' } } },
      }),
    ).toEqual([
      'src/source/collections/home.json:3:11 schema-enum',
      'src/source/components/a/b.json:3:9 schema-pattern',
    ]);
  });

  it('reports an unknown key of the object form at the key, and a wrong option type at the value', () => {
    expect(
      diagnosticsOf({
        components: {
          'a/b.json': componentSource('a.b', {
            cmp_variant: 'string!',
            title: { type: 'string', size: 3, required: 'yes' },
          }),
        },
      }),
    ).toEqual([
      'src/source/components/a/b.json:8:7 schema-unknown-key',
      'src/source/components/a/b.json:9:19 schema-type',
    ]);
  });

  it('reports a $schema that does not lead to the right sot file, with the path to use', () => {
    const fixture = { components: { 'a/b.json': { ...ok, $schema: '../../sot/component.schema.json' } } };
    expect(diagnosticsOf(fixture)).toEqual(['src/source/components/a/b.json:2:14 schema-path-wrong']);
    expect(validateFixture(fixture).diagnostics[0]!.message).toBe(
      '$schema must point at src/sot/component.schema.json: use "../../../sot/component.schema.json"',
    );
    expect(
      diagnosticsOf({ components: { 'a/b.json': { ...ok, $schema: '../../../sot/collection.schema.json' } } }),
    ).toEqual(['src/source/components/a/b.json:2:14 schema-path-wrong']);
  });

  it('checks version.json and the lock too', () => {
    expect(diagnosticsOf({ version: { $schema: '../sot/version.schema.json', version: 'one' } })).toEqual([
      'src/source/version.json:3:14 schema-pattern',
    ]);
    expect(diagnosticsOf({ version: null })).toEqual(['src/source/version.json:1:1 file-missing']);
    expect(diagnosticsOf({ components: { 'a/b.json': ok }, lock: { components: { 'a.b': { file: 1 } } } })).toContain(
      'src/source/component-ids.lock.json:4:15 schema-type',
    );
  });

  it('reports a missing sot schema and skips what depends on it', () => {
    expect(diagnosticsOf({ components: { 'a/b.json': { id: 'a.b' } }, sot: { field: null } })).toEqual([
      'src/sot/field.schema.json:1:1 sot-missing',
    ]);
  });

  it('reports other keywords as schema-violation, and a sot file that is not a JSON Schema', () => {
    expect(diagnosticsOf({ components: { 'a/b.json': { ...ok, title: '' } } })).toEqual([
      'src/source/components/a/b.json:7:12 schema-violation',
    ]);
    expect(
      diagnosticsOf({
        components: { 'a/b.json': ok },
        sot: { version: { $id: 'version.schema.json', type: 'object', properties: { version: { type: 'text' } } } },
      }),
    ).toEqual(['src/sot/version.schema.json:1:1 sot-invalid']);
  });
});
