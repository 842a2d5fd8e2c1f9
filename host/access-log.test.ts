import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessLine, accessPath, jsonAccessLine, printable } from './access-log.js';
import type { Answer } from './answer-observer.js';

function answer(method: string, target: string, status: number, ms: number, requestId = 'req-1'): Answer {
  return { method, target, status, ms, endedAt: 0, requestId };
}

const line = (method: string, target: string, status: number, ms: number) =>
  accessLine(answer(method, target, status, ms));

describe('accessLine', () => {
  it('writes method, path, status and the time in ms with one decimal', () => {
    expect(line('GET', '/healthz', 200, 0.44)).toBe('GET /healthz 200 0.4ms');
    expect(line('POST', '/api/revalidate', 401, 12.05)).toBe('POST /api/revalidate 401 12.1ms');
    expect(line('GET', '/', 304, 0)).toBe('GET / 304 0.0ms');
    expect(line('GET', '/', 200, 1234.96)).toBe('GET / 200 1235.0ms');
    expect(line('GET', '/', 503, 98765432.1)).toBe('GET / 503 98765432.1ms');
    for (const impossible of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1e300])
      expect(line('GET', '/', 200, impossible)).toBe('GET / 200 0.0ms');
  });

  it('leaves the query out and cuts an absolute-form target to its path', () => {
    expect(line('GET', '/api/runtime-catalog/a%0Ab?secret=no', 404, 1)).toBe(
      'GET /api/runtime-catalog/a%0Ab 404 1.0ms',
    );
    expect(line('GET', 'http://h.test:8787/healthz?x=1', 200, 1)).toBe('GET /healthz 200 1.0ms');
    expect(line('GET', 'http://h.test', 400, 1)).toBe('GET / 400 1.0ms');
    // A query before the path's first "/" is still a query: none of it reaches the line.
    for (const target of [
      'http://h?token=http://evil/s3cret',
      'http://h?next=/s3cret',
      'http://h#x/y',
      'http://h#f?x=/s3cret',
    ])
      expect(accessPath(target)).toBe('/');
    expect(accessPath('http://h.test/p?q=/s3cret?again')).toBe('/p');
    expect(accessPath('?')).toBe('');
    expect(accessPath('a?x=http://b/s3cret')).toBe('a');
    expect(line('OPTIONS', '*', 404, 1)).toBe('OPTIONS * 404 1.0ms');
    expect(line('GET', '', 400, 1)).toBe('GET  400 1.0ms');
  });

  it('writes every character that is not printable ASCII, space and backslash as \\xNN, so a request cannot forge a line', () => {
    expect(line('GET', '/x\r\nforged\u001b[31m\\ y', 404, 1)).toBe(
      'GET /x\\x0d\\x0aforged\\x1b[31m\\x5c\\x20y 404 1.0ms',
    );
    // Node reads the request line as latin1: "é" sent as UTF-8 arrives as two characters.
    expect(line('GET', '/caf\u00c3\u00a9\u007f\u0085', 404, 1)).toBe('GET /caf\\xc3\\xa9\\x7f\\x85 404 1.0ms');
    expect(line('GET', '/\u0436\ud83d', 404, 1)).toBe('GET /\\u0436\\ud83d 404 1.0ms');
    expect(line('G\nET', '/', 200, 1)).toBe('G\\x0aET / 200 1.0ms');
    expect(printable('/plain/path')).toBe('/plain/path');
  });

  it('is one line of printable ASCII whatever the method and target', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary', maxLength: 12 }), (target, method) => {
        expect(line(method, target, 599, 123456.78)).toMatch(/^[\x21-\x7e]* [\x21-\x7e]* 599 123456\.8ms$/);
      }),
      { seed: 6, numRuns: 500 },
    );
  });
});

describe('jsonAccessLine (LOG_FORMAT=json)', () => {
  it('is one JSON record as pino writes it: level, time, the fields of the line, the id, msg last', () => {
    expect(jsonAccessLine(answer('GET', '/healthz?secret=no', 200, 0.44, 'abc-1'), 1_700_000_000_123)).toBe(
      '{"level":30,"time":1700000000123,"method":"GET","path":"/healthz","status":200,"ms":0.4,"requestId":"abc-1","msg":"request completed"}',
    );
    expect(JSON.parse(jsonAccessLine(answer('POST', 'http://h.test', 401, 1234.96), 0))).toEqual({
      level: 30,
      time: 0,
      method: 'POST',
      path: '/',
      status: 401,
      ms: 1235,
      requestId: 'req-1',
      msg: 'request completed',
    });
  });

  it('parses to the method and path of the text line, whatever the target, on one line of printable ASCII', () => {
    const quoted = JSON.parse(jsonAccessLine(answer('GET', '/a"b\\c\r\n{"x":1}\u0436', 404, 1), 0));
    expect(quoted.path).toBe('/a"b\\x5cc\\x0d\\x0a{"x":1}\\u0436');
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (target, method, ms) => {
          const text = line(method, target, 200, ms);
          const json = jsonAccessLine(answer(method, target, 200, ms), 1_700_000_000_000);
          expect(json).toMatch(/^[\x20-\x7e]+$/);
          const parsed = JSON.parse(json);
          expect(`${parsed.method} ${parsed.path} 200 `).toBe(text.slice(0, text.lastIndexOf(' ') + 1));
          expect(parsed.ms).toBe(Math.round(ms * 10) / 10);
        },
      ),
      { seed: 6, numRuns: 500 },
    );
  });
});
