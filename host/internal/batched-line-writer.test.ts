import { describe, expect, it } from 'vitest';
import { BatchedLineWriter, type LineSink } from './batched-line-writer.js';

/** A sink that records each chunk and answers its callback on the next tick, as a stream would. */
function recordingSink(): LineSink & { chunks: string[] } {
  const chunks: string[] = [];
  return {
    chunks,
    write(chunk, callback) {
      if (chunk !== '') chunks.push(chunk);
      if (callback) process.nextTick(callback);
      return true;
    },
  };
}

const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('BatchedLineWriter', () => {
  it('writes the lines queued within maxDelayMs as one chunk, in order', async () => {
    const sink = recordingSink();
    const writer = new BatchedLineWriter(sink, { maxDelayMs: 5 });
    writer.write('a');
    writer.write('b');
    expect(sink.chunks).toEqual([]);
    await after(20);
    expect(sink.chunks).toEqual(['a\nb\n']);
    writer.write('c');
    await after(20);
    expect(sink.chunks).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes at once when a burst reaches the batch length', () => {
    const sink = recordingSink();
    const writer = new BatchedLineWriter(sink, { maxBatchLength: 8 });
    writer.write('1234');
    writer.write('5678');
    expect(sink.chunks).toEqual(['1234\n5678\n']);
  });

  it('flush hands every queued line over and resolves once the sink wrote them; flushNow does it synchronously', async () => {
    const sink = recordingSink();
    const writer = new BatchedLineWriter(sink, { maxDelayMs: 5 });
    writer.write('queued');
    await writer.flush();
    expect(sink.chunks).toEqual(['queued\n']);
    writer.write('at exit');
    writer.flushNow();
    expect(sink.chunks).toEqual(['queued\n', 'at exit\n']);
    await after(20);
    expect(sink.chunks).toEqual(['queued\n', 'at exit\n']); // nothing written twice
  });
});
