import { describe, expect, it } from 'vitest';
import type { LineSink } from './internal/batched-line-writer.js';
import { createProcessLogger } from './process-logger.js';

describe('createProcessLogger (the lines of catalog-host)', () => {
  it('batches info lines on stdout and writes warnings and errors at once on stderr, after the info queued before them', async () => {
    const written: string[] = [];
    const sink = (name: string): LineSink => ({
      write(chunk, callback) {
        if (chunk.length > 0) written.push(`${name}:${Buffer.from(chunk).toString()}`);
        if (callback) process.nextTick(callback);
        return true;
      },
    });
    // Batches written only by flushes here, whatever the time the test takes on a loaded machine.
    const logger = createProcessLogger(sink('out'), sink('err'), { maxDelayMs: 60_000, idleDelayMs: 60_000 });
    const now = performance.now();
    logger.writeAccess('GET', '/healthz', 200, now - 0.1, now, 'id-1');
    logger.info('GET /healthz 200 0.2ms');
    expect(written).toEqual([]);
    logger.warn('careful');
    logger.error('broken');
    expect(written).toEqual([
      'out:GET /healthz 200 0.1ms\nGET /healthz 200 0.2ms\n',
      'err:warning: careful\n',
      'err:error: broken\n',
    ]);
    logger.info('SIGTERM received, closing');
    await logger.flush();
    expect(written.at(-1)).toBe('out:SIGTERM received, closing\n');
  });

  it('writes every line as one JSON object on stdout with LOG_FORMAT=json, pino levels, warnings and errors at once', () => {
    const written: string[] = [];
    const sink = (name: string): LineSink => ({
      write(chunk) {
        if (chunk.length > 0) written.push(`${name}:${Buffer.from(chunk).toString()}`);
        return true;
      },
    });
    let wall = 1_700_000_000_000;
    const logger = createProcessLogger(
      sink('out'),
      sink('err'),
      { maxDelayMs: 60_000, idleDelayMs: 60_000, clock: () => 10, wallClock: () => wall++ },
      'json',
    );
    logger.info('host listening on "x"\n');
    logger.writeAccess('GET', '/healthz', 200, 9.9, 10, 'id-1');
    expect(written).toEqual([]);
    logger.warn('careful');
    logger.error('broken');
    expect(written.map((chunk) => chunk.slice(0, 4))).toEqual(['out:', 'out:']);
    const lines = written.join('').replaceAll('out:', '').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((text) => JSON.parse(text))).toEqual([
      { level: 30, time: 1_700_000_000_000, msg: 'host listening on "x"\n' },
      {
        level: 30,
        time: 1_700_000_000_001, // the wall clock read as the batch started, plus the monotonic time since
        method: 'GET',
        path: '/healthz',
        status: 200,
        ms: 0.1,
        requestId: 'id-1',
        msg: 'request completed',
      },
      { level: 40, time: 1_700_000_000_002, msg: 'careful' },
      { level: 50, time: 1_700_000_000_003, msg: 'broken' },
    ]);
  });
});
