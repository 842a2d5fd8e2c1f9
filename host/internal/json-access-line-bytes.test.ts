import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessLineMaxBytes, writeAccessLine } from './access-line-bytes.js';
import { jsonAccessLineMaxBytes, writeJsonAccessLine } from './json-access-line-bytes.js';

/** The text line of the same request, to compare paths with. */
function line(method: string, target: string, status: number, ms: number): string {
  const buffer = Buffer.alloc(accessLineMaxBytes(method.length, target.length));
  return buffer.subarray(0, writeAccessLine(buffer, 0, method, target, status, ms)).toString('latin1');
}

function jsonLine(method: string, target: string, status: number, ms: number, requestId = 'req-1'): string {
  const buffer = Buffer.alloc(jsonAccessLineMaxBytes(method.length, target.length, requestId.length));
  const end = writeJsonAccessLine(buffer, 0, method, target, status, ms, requestId, 1_700_000_000_123);
  return buffer.subarray(0, end).toString('latin1');
}

describe('writeJsonAccessLine (LOG_FORMAT=json)', () => {
  it('writes one JSON object as pino does: level, time, the request fields, msg last, and a newline', () => {
    expect(jsonLine('GET', '/healthz?secret=no', 200, 0.44, 'abc-1')).toBe(
      '{"level":30,"time":1700000000123,"method":"GET","path":"/healthz","status":200,"ms":0.4,"requestId":"abc-1","msg":"request completed"}\n',
    );
    expect(JSON.parse(jsonLine('POST', 'http://h.test', 401, 1234.96))).toEqual({
      level: 30,
      time: 1_700_000_000_123,
      method: 'POST',
      path: '/',
      status: 401,
      ms: 1235,
      requestId: 'req-1',
      msg: 'request completed',
    });
  });

  it('writes every time and duration exactly: small numbers, 2^31 and above, zeros inside', () => {
    const times = [
      0,
      7,
      999,
      1000,
      1009,
      2 ** 31 - 1,
      2 ** 31,
      1_700_000_000_000,
      1_700_000_000_007,
      9_999_999_999_999,
    ];
    for (const time of times) {
      const buffer = Buffer.alloc(jsonAccessLineMaxBytes(3, 1, 1));
      const end = writeJsonAccessLine(buffer, 0, 'GET', '/', 200, 1, 'a', time);
      expect(JSON.parse(buffer.subarray(0, end).toString('latin1')).time).toBe(time);
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), fc.double({ min: 0, max: 1e9, noNaN: true }), (time, ms) => {
        const buffer = Buffer.alloc(jsonAccessLineMaxBytes(3, 1, 1));
        const end = writeJsonAccessLine(buffer, 0, 'GET', '/', 200, ms, 'a', time);
        const parsed = JSON.parse(buffer.subarray(0, end).toString('latin1'));
        expect(parsed.time).toBe(time);
        expect(parsed.ms).toBe(Math.round(ms * 10) / 10);
      }),
      { seed: 28, numRuns: 2_000 },
    );
  });

  it('parses to the path of the text line, whatever the target', () => {
    const quoted = JSON.parse(jsonLine('GET', '/a"b\\c\r\n{"x":1}\u0436', 404, 1));
    expect(quoted.path).toBe('/a"b\\x5cc\\x0d\\x0a{"x":1}\\u0436');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary', maxLength: 12 }), (target, method) => {
        const text = line(method, target, 200, 1).slice(0, -'200 1.0ms\n'.length - 1);
        const json = jsonLine(method, target, 200, 1);
        const parsed = JSON.parse(json);
        expect(`${parsed.method} ${parsed.path}`).toBe(text);
        expect(json.endsWith('}\n') && json.indexOf('\n') === json.length - 1).toBe(true);
      }),
      { seed: 6, numRuns: 500 },
    );
  });

  it('never writes past jsonAccessLineMaxBytes, and only printable ASCII', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary', maxLength: 12 }), (target, method) => {
        const id = 'x'.repeat(128);
        const bound = jsonAccessLineMaxBytes(method.length, target.length, id.length);
        const buffer = Buffer.alloc(bound + 16, 0xee);
        const end = writeJsonAccessLine(buffer, 8, method, target, 599, 123456.78, id, 9_999_999_999_999);
        expect(end - 8).toBeLessThanOrEqual(bound);
        expect(buffer[7]).toBe(0xee);
        expect([...buffer.subarray(end)].every((byte) => byte === 0xee)).toBe(true);
        expect([...buffer.subarray(8, end - 1)].every((byte) => byte >= 0x20 && byte < 0x7f)).toBe(true);
      }),
      { seed: 6, numRuns: 500 },
    );
  });
});
