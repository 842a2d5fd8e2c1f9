import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessLine } from '../access-log.js';
import { accessLineMaxBytes, writeAccessLine } from './access-line-bytes.js';

function line(method: string, target: string, status: number, ms: number): string {
  const buffer = Buffer.alloc(accessLineMaxBytes(method.length, target.length));
  return buffer.subarray(0, writeAccessLine(buffer, 0, method, target, status, ms)).toString('latin1');
}

describe('writeAccessLine', () => {
  it('writes method, path, status and the time in ms with one decimal, and a newline', () => {
    expect(line('GET', '/healthz', 200, 0.44)).toBe('GET /healthz 200 0.4ms\n');
    expect(line('POST', '/api/revalidate', 401, 12.05)).toBe('POST /api/revalidate 401 12.1ms\n');
    expect(line('GET', '/', 304, 0)).toBe('GET / 304 0.0ms\n');
    expect(line('GET', '/', 200, 1234.96)).toBe('GET / 200 1235.0ms\n');
    expect(line('GET', '/', 503, 98765432.1)).toBe('GET / 503 98765432.1ms\n');
    for (const impossible of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1e300])
      expect(line('GET', '/', 200, impossible)).toBe('GET / 200 0.0ms\n');
  });

  it('leaves the query out and cuts an absolute-form target to its path', () => {
    expect(line('GET', '/api/runtime-catalog/a%0Ab?secret=no', 404, 1)).toBe(
      'GET /api/runtime-catalog/a%0Ab 404 1.0ms\n',
    );
    expect(line('GET', 'http://h.test:8787/healthz?x=1', 200, 1)).toBe('GET /healthz 200 1.0ms\n');
    expect(line('GET', 'http://h.test', 400, 1)).toBe('GET / 400 1.0ms\n');
    // A query before the path's first "/" is still a query: none of it reaches the line.
    expect(line('GET', 'http://h?token=http://evil/s3cret', 200, 1)).toBe('GET / 200 1.0ms\n');
    expect(line('GET', 'http://h?next=/s3cret', 200, 1)).toBe('GET / 200 1.0ms\n');
    expect(line('GET', 'http://h#x/y', 200, 1)).toBe('GET / 200 1.0ms\n');
    expect(line('GET', 'http://h#f?x=/s3cret', 200, 1)).toBe('GET / 200 1.0ms\n');
    expect(line('GET', 'http://h.test/p?q=/s3cret?again', 200, 1)).toBe('GET /p 200 1.0ms\n');
    expect(line('GET', '?', 400, 1)).toBe('GET  400 1.0ms\n');
    expect(line('GET', 'a?x=http://b/s3cret', 400, 1)).toBe('GET a 400 1.0ms\n');
    expect(line('OPTIONS', '*', 404, 1)).toBe('OPTIONS * 404 1.0ms\n');
    expect(line('GET', '', 400, 1)).toBe('GET  400 1.0ms\n');
  });

  it('writes every byte that is not printable ASCII, space and backslash as \\xNN, so a request cannot forge a line', () => {
    expect(line('GET', '/x\r\nforged\u001b[31m\\ y', 404, 1)).toBe(
      'GET /x\\x0d\\x0aforged\\x1b[31m\\x5c\\x20y 404 1.0ms\n',
    );
    // Node reads the request line as latin1: "é" sent as UTF-8 arrives as two characters.
    expect(line('GET', '/caf\u00c3\u00a9\u007f\u0085', 404, 1)).toBe('GET /caf\\xc3\\xa9\\x7f\\x85 404 1.0ms\n');
    expect(line('GET', '/\u0436\ud83d', 404, 1)).toBe('GET /\\u0436\\ud83d 404 1.0ms\n');
    expect(line('G\nET', '/', 200, 1)).toBe('G\\x0aET / 200 1.0ms\n');
  });

  it('writes what accessLine writes for a path of printable ASCII', () => {
    const printable = fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
    });
    fc.assert(
      fc.property(
        printable.filter((text) => !text.includes('?') && !text.includes('\\')),
        fc.integer({ min: 100, max: 999 }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        (path, status, ms) => {
          const target = `/${path}`;
          expect(line('GET', target, status, ms)).toBe(`${accessLine('GET', target, status, ms)}\n`);
        },
      ),
      { seed: 6, numRuns: 500 },
    );
  });

  it('never writes past accessLineMaxBytes, whatever the target', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary', maxLength: 12 }), (target, method) => {
        const bound = accessLineMaxBytes(method.length, target.length);
        const buffer = Buffer.alloc(bound + 16, 0xee);
        const end = writeAccessLine(buffer, 8, method, target, 599, 123456.78);
        expect(end - 8).toBeLessThanOrEqual(bound);
        expect(buffer[7]).toBe(0xee);
        expect([...buffer.subarray(end)].every((byte) => byte === 0xee)).toBe(true);
        expect([...buffer.subarray(8, end - 1)].every((byte) => byte >= 0x20 && byte < 0x7f)).toBe(true);
      }),
      { seed: 6, numRuns: 500 },
    );
  });
});
