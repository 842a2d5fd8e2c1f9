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
    logger.writeAccess('GET', '/healthz', 200, now - 0.1, now);
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
});
