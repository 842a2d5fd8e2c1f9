import { describe, expect, it } from 'vitest';
import type { Answer } from './answer-observer.js';
import { BatchedLineWriter } from './internal/batched-line-writer.js';
import { createProcessLogger, jsonLine } from './process-logger.js';

/** stdout batched as main.ts batches it (written only by flushes here), stderr at once, both recorded. */
function recordedStreams() {
  const written: string[] = [];
  const sink = (name: string) => ({
    write(chunk: string, callback?: () => void) {
      if (chunk.length > 0) written.push(`${name}:${chunk}`);
      if (callback) process.nextTick(callback);
      return true;
    },
  });
  return { written, stdout: new BatchedLineWriter(sink('out'), { maxDelayMs: 60_000 }), stderr: sink('err') };
}

function answer(target: string, ms: number, endedAt = 0, requestId = 'id-1'): Answer {
  return { method: 'GET', target, status: 200, ms, endedAt, requestId };
}

describe('createProcessLogger (the lines of catalog-host)', () => {
  it('batches info and access lines on stdout and writes warnings and errors at once on stderr, after the lines queued before them', async () => {
    const { written, stdout, stderr } = recordedStreams();
    const logger = createProcessLogger({ stdout, stderr });
    logger.accessLog.answered(answer('/healthz?secret=no', 0.1));
    logger.info({ port: 1 }, 'metrics on http://127.0.0.1:1/metrics');
    expect(written).toEqual([]);
    logger.warn({ setting: 'X' }, 'careful');
    logger.error('broken');
    expect(written).toEqual([
      'out:GET /healthz 200 0.1ms\nmetrics on http://127.0.0.1:1/metrics\n',
      'err:warning: careful\n',
      'err:error: broken\n',
    ]);
    logger.info('SIGTERM received, closing');
    await logger.flush();
    expect(written.at(-1)).toBe('out:SIGTERM received, closing\n');
  });

  it('writes every line as one JSON record on stdout with LOG_FORMAT=json, as pino does: levels, time, fields, msg; warnings and errors at once', () => {
    const { written, stdout, stderr } = recordedStreams();
    const wall = 1_700_000_000_000;
    const logger = createProcessLogger({ format: 'json', stdout, stderr, wallClock: () => wall });
    logger.info('host listening on "x"\n');
    // The access line's time: the wall clock, synced at most once a second, plus the answer's own clock read.
    logger.accessLog.answered(answer('/healthz', 0.1, performance.now() + 2));
    logger.accessLog.answered(answer('/x\r\n{"level":50}', 12.05, performance.now() + 2, 'id-2'));
    expect(written).toEqual([]);
    logger.warn({ setting: 'REVALIDATION_SECRET' }, 'careful');
    logger.error({ code: 'invalid-config' }, 'broken');
    expect(written.map((chunk) => chunk.slice(0, 4))).toEqual(['out:', 'out:']);
    const lines = written.join('').replaceAll('out:', '').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('{"level":30,"time":1700000000000,"msg":"host listening on \\"x\\"\\n"}');
    expect(lines.map((text) => JSON.parse(text))).toEqual([
      { level: 30, time: wall, msg: 'host listening on "x"\n' },
      {
        level: 30,
        time: expect.any(Number),
        method: 'GET',
        path: '/healthz',
        status: 200,
        ms: 0.1,
        requestId: 'id-1',
        msg: 'request completed',
      },
      {
        level: 30,
        time: expect.any(Number),
        method: 'GET',
        path: '/x\\x0d\\x0a{"level":50}',
        status: 200,
        ms: 12.1,
        requestId: 'id-2',
        msg: 'request completed',
      },
      { level: 40, time: wall, setting: 'REVALIDATION_SECRET', msg: 'careful' },
      { level: 50, time: wall, code: 'invalid-config', msg: 'broken' },
    ]);
    const accessTime = JSON.parse(lines[1]!).time as number;
    expect(accessTime - wall).toBeGreaterThanOrEqual(2);
    expect(accessTime - wall).toBeLessThan(1_000);
  });

  it('writes a record as pino does: its fields in order, undefined ones left out, every value JSON', () => {
    expect(jsonLine(40, 7, { setting: 'X', port: 8787, code: undefined, on: true }, 'a "b"\n')).toBe(
      '{"level":40,"time":7,"setting":"X","port":8787,"on":true,"msg":"a \\"b\\"\\n"}',
    );
    expect(jsonLine(30, 7, undefined, 'plain')).toBe('{"level":30,"time":7,"msg":"plain"}');
  });
});
