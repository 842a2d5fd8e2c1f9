import { describe, expect, it } from 'vitest';
import { accessLine, printable, withAccessLog } from './access-log.js';
import type { Logger } from './logger.js';

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (line) => lines.push(line), warn: () => {}, error: () => {} };
}

describe('accessLine', () => {
  it('writes method, path, status and the time in ms with one decimal', () => {
    expect(accessLine('GET', '/healthz', 200, 0.44)).toBe('GET /healthz 200 0.4ms');
    expect(accessLine('POST', '/api/revalidate', 401, 12.05)).toBe('POST /api/revalidate 401 12.1ms');
    expect(accessLine('GET', '/', 304, 0)).toBe('GET / 304 0.0ms');
    expect(accessLine('GET', '/', 200, 1234.96)).toBe('GET / 200 1235.0ms');
  });

  it('writes control characters and backslashes of a path as \\xNN, so a path cannot forge a line', () => {
    expect(printable('/api/runtime-catalog/a\nforged\u001b[31m\\')).toBe(
      '/api/runtime-catalog/a\\x0aforged\\x1b[31m\\x5c',
    );
    expect(accessLine('GET', '/x\r\ny', 404, 1)).toBe('GET /x\\x0d\\x0ay 404 1.0ms');
    expect(printable('/plain/path')).toBe('/plain/path');
  });
});

describe('withAccessLog', () => {
  it('logs one line per answer, sync or async, with the path as requested and no query', async () => {
    const logger = recordingLogger();
    const fetch = withAccessLog(
      (request: Request) =>
        request.method === 'HEAD' ? new Response(null, { status: 204 }) : Promise.resolve(new Response('ok')),
      logger,
    );
    const answered = await fetch(new Request('http://127.0.0.1:8787/api/runtime-catalog/a%0Ab?secret=no'));
    expect(answered.status).toBe(200);
    const sync = fetch(new Request('http://h.test/healthz', { method: 'HEAD' }));
    expect(sync).toBeInstanceOf(Response);
    expect(logger.lines).toEqual([
      expect.stringMatching(/^GET \/api\/runtime-catalog\/a%0Ab 200 \d+\.\dms$/),
      expect.stringMatching(/^HEAD \/healthz 204 \d+\.\dms$/),
    ]);
  });
});
