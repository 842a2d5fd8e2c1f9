import { describe, expect, it } from 'vitest';
import { BatchedLineWriter, DEFAULT_BATCH_BYTES, type LineSink } from './batched-line-writer.js';

/** A sink that records each chunk as text and answers its callback on the next tick, as a stream would. */
function recordingSink(): LineSink & { chunks: string[]; views: Uint8Array[] } {
  const chunks: string[] = [];
  const views: Uint8Array[] = [];
  return {
    chunks,
    views,
    write(chunk, callback) {
      if (chunk.length > 0) {
        chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        if (typeof chunk !== 'string') views.push(chunk);
      }
      if (callback) process.nextTick(callback);
      return true;
    },
  };
}

const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('BatchedLineWriter', () => {
  it('writes a batch maxDelayMs after its first line, in order, one chunk each', async () => {
    const sink = recordingSink();
    const writer = new BatchedLineWriter(sink, { maxDelayMs: 5 });
    writer.write('GET /a 200 0.1ms\n');
    writer.write('note é\n');
    expect(sink.chunks).toEqual([]);
    await after(30);
    expect(sink.chunks).toEqual(['GET /a 200 0.1ms\nnote é\n']);
    writer.write('c\n'); // the same timer, armed again
    await after(30);
    expect(sink.chunks).toEqual(['GET /a 200 0.1ms\nnote é\n', 'c\n']);
  });

  it('writes the batch before a line that may not fit; a line longer than a batch goes alone, after the lines before it', () => {
    const sink = recordingSink();
    const writer = new BatchedLineWriter(sink, { batchBytes: 14, maxDelayMs: 60_000 });
    writer.write('12\n');
    writer.write('34\n'); // 6 bytes, and up to 9 for the next line of 3 characters: over 14
    writer.write('56\n');
    expect(sink.chunks).toEqual(['12\n34\n']);
    writer.write(`${'x'.repeat(20)}\n`);
    expect(sink.chunks).toEqual(['12\n34\n', '56\n', `${'x'.repeat(20)}\n`]);
  });

  it('holds up to DEFAULT_BATCH_BYTES (1 MiB) of lines in one batch by default', () => {
    const sink = recordingSink();
    const writer = new BatchedLineWriter(sink, { maxDelayMs: 60_000 });
    const line = `${'p'.repeat(1023)}\n`;
    // A line needs room for 3 bytes a character: the batch takes lines while that room is left.
    const fitting = Math.floor((DEFAULT_BATCH_BYTES - 3 * line.length) / line.length) + 1;
    for (let index = 0; index < fitting; index += 1) writer.write(line);
    expect(DEFAULT_BATCH_BYTES).toBe(1024 * 1024);
    expect(sink.chunks).toEqual([]);
    writer.write(line);
    expect(sink.chunks.map((chunk) => chunk.length)).toEqual([fitting * line.length]);
  });

  it('hands the sink a copy of just the batch, and keeps its buffer', () => {
    const sink = recordingSink();
    const writer = new BatchedLineWriter(sink, { maxDelayMs: 60_000 });
    writer.write('first\n');
    writer.flushSync();
    writer.write('second\n');
    writer.flushSync();
    expect(sink.views.map((view) => Buffer.from(view).toString())).toEqual(['first\n', 'second\n']);
    // Copies of 6 and 7 bytes from Node's pool: neither holds the writer's 1 MiB buffer.
    for (const view of sink.views) expect(view.buffer.byteLength).toBeLessThan(64 * 1024);
  });

  it('flush hands every queued line over and resolves once the sink wrote them; flushSync does it at once', async () => {
    const sink = recordingSink();
    const writer = new BatchedLineWriter(sink, { maxDelayMs: 5 });
    writer.write('queued\n');
    await writer.flush();
    expect(sink.chunks).toEqual(['queued\n']);
    writer.write('at exit\n');
    writer.flushSync();
    expect(sink.chunks).toEqual(['queued\n', 'at exit\n']);
    await after(30);
    expect(sink.chunks).toEqual(['queued\n', 'at exit\n']); // nothing written twice
  });
});
