import { describe, expect, it } from 'vitest';
import { maxJsonDepth, SourceFile } from './source-file.js';

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

  it('reports a truncated file at the end of the text, naming what is left open', () => {
    const truncated = new SourceFile('x.json', '{\n  "id": "tag",\n  "fields": {\n');
    expect(truncated.syntaxError).toEqual({
      path: 'x.json',
      line: 4,
      column: 1,
      code: 'json-invalid',
      message: 'unexpected end of input: { at 3:13 is not closed',
    });
    expect(new SourceFile('x.json', '{\n  "a": [1, 2').syntaxError).toMatchObject({
      line: 2,
      column: 13,
      code: 'json-invalid',
      message: 'unexpected end of input: [ at 2:8 is not closed',
    });
    expect(new SourceFile('x.json', '{"a": "ab').syntaxError).toMatchObject({
      line: 1,
      column: 10,
      message: 'unexpected end of input: the string at 1:7 is not closed',
    });
  });

  it('reports nesting deeper than the cap as json-invalid where it crosses it, without overflowing the stack', () => {
    for (const text of ['['.repeat(5000), `${'['.repeat(5000)}${']'.repeat(5000)}`, `{"a":${'{"a":'.repeat(5000)}`]) {
      const file = new SourceFile('x.json', text);
      expect(file.data).toBeUndefined();
      expect(file.syntaxError).toMatchObject({
        line: 1,
        code: 'json-invalid',
        message: expect.stringMatching(/^nested too deeply/),
      });
      expect(file.duplicateKeys()).toEqual([]);
      expect(file.locate(['a'])).toEqual({ line: 1, column: 1 });
    }
    expect(new SourceFile('x.json', '['.repeat(5000)).syntaxError).toMatchObject({ column: maxJsonDepth + 1 });
    const deepest = `${'['.repeat(maxJsonDepth)}${']'.repeat(maxJsonDepth)}`;
    expect(new SourceFile('x.json', deepest).syntaxError).toBeUndefined();
  });
});
