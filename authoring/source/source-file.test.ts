import { describe, expect, it } from 'vitest';
import { SourceFile } from './source-file.js';

const text = '{\n  "id": "a.b",\n  "fields": {\n    "title": { "type": "string", "label": "T" }\n  }\n}\n';

describe('SourceFile', () => {
  it('locates values and keys by path, falling back to the deepest node that exists', () => {
    const file = new SourceFile('x.json', text);
    expect(file.locate(['id'])).toEqual({ line: 2, column: 9 });
    expect(file.locate(['id'], 'key')).toEqual({ line: 2, column: 3 });
    expect(file.locate(['fields', 'title', 'label'])).toEqual({ line: 4, column: 43 });
    expect(file.locate(['fields', 'nope'])).toEqual({ line: 3, column: 13 });
    expect(file.valueAt(['fields', 'title', 'type'])).toBe('string');
  });

  it('reads a file with a byte order mark, counting columns without it', () => {
    const file = new SourceFile('x.json', `\uFEFF${text}`);
    expect(file.syntaxError).toBeUndefined();
    expect(file.locate(['id'])).toEqual({ line: 2, column: 9 });
    expect(file.text).toBe(text);
  });

  it('reports where the text stops being JSON', () => {
    expect(new SourceFile('x.json', '{\n  "a": 1,\n}').syntaxError).toMatchObject({
      line: 3,
      column: 1,
      code: 'json-invalid',
    });
    expect(new SourceFile('x.json', '{\n  "a": ').syntaxError).toMatchObject({
      line: 2,
      column: 8,
      code: 'json-invalid',
    });
  });
});
