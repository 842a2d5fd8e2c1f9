import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessLineMaxBytes, writeAccessLine } from './access-line-bytes.js';
import { BatchedLineWriter, DEFAULT_BATCH_BYTES, type LineSink } from './batched-line-writer.js';
import { jsonAccessLineMaxBytes, writeJsonAccessLine } from './json-access-line-bytes.js';

/**
 * A sink that records each chunk as text and answers its callback on the next tick, as a stream
 * would. With `synchronous`, it reports `writableLength: 0` (the bytes are out at once, as on a
 * file or a pipe): the writer may then reuse its buffer, so the sink decodes each chunk at once.
 */
function recordingSink(synchronous = false): LineSink & { chunks: string[]; views: Uint8Array[] } {
  const chunks: string[] = [];
  const views: Uint8Array[] = [];
  return {
    chunks,
    views,
    ...(synchronous ? { writableLength: 0 } : {}),
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
  it('writes a batch when a line comes maxDelayMs after its first, in order, one chunk each', () => {
    const sink = recordingSink();
    const now = 1_000;
    const writer = new BatchedLineWriter(sink, { maxDelayMs: 10, idleDelayMs: 60_000, clock: () => now });
    writer.writeAccess('GET', '/a', 200, now - 100, now, 'id-1');
    writer.write('note é');
    writer.writeAccess('GET', '/b?q=1', 404, now, now + 9.9, 'id-1');
    expect(sink.chunks).toEqual([]);
    writer.writeAccess('POST', '/c', 401, now + 5, now + 10, 'id-1'); // 10 ms after the batch's first line
    expect(sink.chunks).toEqual(['GET /a 200 100.0ms\nnote é\nGET /b 404 9.9ms\n']);
    writer.flushNow();
    expect(sink.chunks).toEqual(['GET /a 200 100.0ms\nnote é\nGET /b 404 9.9ms\n', 'POST /c 401 5.0ms\n']);
  });

  it('writes a batch idleDelayMs after its first line when no other line comes', async () => {
    const sink = recordingSink();
    const writer = new BatchedLineWriter(sink, { idleDelayMs: 5 });
    writer.write('a');
    writer.write('b');
    expect(sink.chunks).toEqual([]);
    await after(30);
    expect(sink.chunks).toEqual(['a\nb\n']);
    writer.write('c'); // the same timer, armed again
    await after(30);
    expect(sink.chunks).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes at once when a batch is full; a line longer than a batch goes alone, after the lines before it', () => {
    const sink = recordingSink();
    const writer = new BatchedLineWriter(sink, { batchBytes: 16, idleDelayMs: 60_000 });
    writer.write('1234');
    writer.write('5678'); // 5 + 13 bytes reserved would not fit
    expect(sink.chunks).toEqual(['1234\n']);
    writer.write('x'.repeat(20));
    expect(sink.chunks).toEqual(['1234\n', '5678\n', `${'x'.repeat(20)}\n`]);
    writer.writeAccess('GET', '/long-long-long', 200, 0, 1, 'id-1');
    expect(sink.chunks.at(-1)).toBe('GET /long-long-long 200 1.0ms\n');
  });

  it('writes queued access lines by the idle timer, and keeps every line in order across queue and batch boundaries', async () => {
    const sink = recordingSink();
    const idle = new BatchedLineWriter(sink, { idleDelayMs: 5, accessFormat: 'json', wallClock: () => 1_000_000 });
    idle.writeAccess('GET', '/alone', 200, 0, 0.5, 'id-1');
    expect(sink.chunks).toEqual([]);
    await after(30);
    expect(sink.chunks).toEqual([
      '{"level":30,"time":1000000,"method":"GET","path":"/alone","status":200,"ms":0.5,"requestId":"id-1","msg":"request completed"}\n',
    ]);

    // 150 lines of 20 bytes through batches of 1 KiB (51 lines each) and a queue of 64 records;
    // a target longer than a batch goes alone, after the lines before it.
    const many = recordingSink();
    const writer = new BatchedLineWriter(many, { batchBytes: 1024, idleDelayMs: 60_000, clock: () => 0 });
    const expected: string[] = [];
    for (let index = 0; index < 150; index += 1) {
      const target = `/p${String(index).padStart(4, '0')}`;
      writer.writeAccess('GET', target, 200, 0, 1, 'id-1');
      expected.push(`GET ${target} 200 1.0ms\n`);
    }
    const long = `/${'x'.repeat(2_000)}`;
    writer.writeAccess('GET', long, 200, 0, 1, 'id-1');
    expected.push(`GET ${long} 200 1.0ms\n`);
    writer.write('after');
    writer.flushNow();
    expected.push('after\n');
    expect(many.chunks.join('')).toBe(expected.join(''));
    expect(many.chunks.at(-2)).toBe(`GET ${long} 200 1.0ms\n`);
    for (const chunk of many.chunks.slice(0, -2)) expect(chunk.length).toBeLessThanOrEqual(1024);
  });

  it('holds up to DEFAULT_BATCH_BYTES (1 MiB) of access lines in one batch by default, then writes them at once', () => {
    const sink = recordingSink(true);
    const writer = new BatchedLineWriter(sink, {
      accessFormat: 'json',
      idleDelayMs: 60_000,
      clock: () => 0,
      wallClock: () => 0,
    });
    const target = `/api/runtime-catalog/${'p'.repeat(200)}`;
    const lineBytes = writeJsonAccessLine(Buffer.alloc(1024), 0, 'GET', target, 200, 0, 'id-1', 0);
    // All at the same ms: only the size can end the batch.
    const fitting = Math.floor(DEFAULT_BATCH_BYTES / jsonAccessLineMaxBytes(3, target.length, 4));
    for (let index = 0; index < fitting; index += 1) writer.writeAccess('GET', target, 200, 0, 0, 'id-1');
    expect(DEFAULT_BATCH_BYTES).toBe(1024 * 1024);
    expect(sink.chunks).toEqual([]);
    writer.flushNow();
    expect(sink.chunks.map((chunk) => chunk.length)).toEqual([fitting * lineBytes]);
  });

  it('reuses its buffer only when the sink reports the bytes out; otherwise written chunks stay as they were', () => {
    const held = recordingSink();
    const writer = new BatchedLineWriter(held, { idleDelayMs: 60_000 });
    writer.write('first');
    writer.flushNow();
    writer.write('second');
    writer.flushNow();
    expect(held.views.map((view) => Buffer.from(view).toString())).toEqual(['first\n', 'second\n']);
    expect(held.views[0]!.buffer).not.toBe(held.views[1]!.buffer);

    const synchronous = recordingSink(true);
    const reusing = new BatchedLineWriter(synchronous, { idleDelayMs: 60_000 });
    reusing.write('first');
    reusing.flushNow();
    reusing.write('second');
    reusing.flushNow();
    expect(synchronous.chunks).toEqual(['first\n', 'second\n']);
    expect(synchronous.views[0]!.buffer).toBe(synchronous.views[1]!.buffer);
  });

  it('hands a sink that is backed up a copy of just the batch, and keeps its buffer', () => {
    const sink = recordingSink();
    const backedUp = { ...sink, writableLength: 1 << 20, write: sink.write };
    const writer = new BatchedLineWriter(backedUp, { idleDelayMs: 60_000 });
    writer.write('first');
    writer.flushNow();
    writer.write('second');
    writer.flushNow();
    expect(sink.views.map((view) => Buffer.from(view).toString())).toEqual(['first\n', 'second\n']);
    // Copies of 6 and 7 bytes from Node's pool: neither holds the writer's 1 MiB buffer.
    for (const view of sink.views) expect(view.buffer.byteLength).toBeLessThan(64 * 1024);
  });

  it('flush hands every queued line over and resolves once the sink wrote them; flushNow does it synchronously', async () => {
    const sink = recordingSink();
    const writer = new BatchedLineWriter(sink, { idleDelayMs: 5 });
    writer.write('queued');
    await writer.flush();
    expect(sink.chunks).toEqual(['queued\n']);
    writer.write('at exit');
    writer.flushNow();
    expect(sink.chunks).toEqual(['queued\n', 'at exit\n']);
    await after(30);
    expect(sink.chunks).toEqual(['queued\n', 'at exit\n']); // nothing written twice
  });

  it('writes, in order, what the line encoders write for each line, whatever the targets, ids, times, their lengths and the batch size', () => {
    const time = 1_700_000_000_000;
    const accessLine = fc.record({
      method: fc.constantFrom('GET', 'HEAD', 'POST', 'G\nET'),
      // Short targets of any character, and long ones (up to 9,600 characters) that overflow the
      // queue's code units or go alone.
      target: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 48 }),
        fc
          .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), fc.integer({ min: 200, max: 1_200 }))
          .map(([part, times]) => `/${part.repeat(times)}`),
      ),
      status: fc.integer({ min: 100, max: 599 }),
      id: fc.constantFrom('id-1', 'Xk3_p9Qa-1a', 'x'.repeat(128)),
      // Times whose segments are kept (under 9.95 ms), their edges, and any other.
      ms: fc.oneof(
        fc.constantFrom(0, 0.04, 0.05, 1.5, 9.94, 9.95, 9.96, 12.345),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
      ),
    });
    const line = fc.oneof({ arbitrary: accessLine, weight: 4 }, { arbitrary: fc.string({ maxLength: 12 }), weight: 1 });
    for (const format of ['text', 'json'] as const) {
      fc.assert(
        // Small batches are written while queued lines are encoded; a sink that keeps its chunks
        // gets the writer a new buffer each time, one that reports them out lets it reuse its own.
        fc.property(
          fc.array(line, { maxLength: 150 }),
          fc.constantFrom(undefined, 200, 1024, 4096),
          fc.boolean(),
          (lines, batchBytes, synchronous) => {
            const sink = recordingSink(synchronous);
            const writer = new BatchedLineWriter(sink, {
              ...(batchBytes === undefined ? {} : { batchBytes }),
              idleDelayMs: 60_000,
              accessFormat: format,
              clock: () => 0,
              wallClock: () => time,
            });
            const expected: string[] = [];
            for (const item of lines) {
              if (typeof item === 'string') {
                writer.write(item);
                expected.push(`${item}\n`);
                continue;
              }
              const { method, target, status, id, ms } = item;
              writer.writeAccess(method, target, status, -ms, 0, id);
              const buffer = Buffer.alloc(
                format === 'json'
                  ? jsonAccessLineMaxBytes(method.length, target.length, id.length)
                  : accessLineMaxBytes(method.length, target.length),
              );
              const end =
                format === 'json'
                  ? writeJsonAccessLine(buffer, 0, method, target, status, ms, id, time)
                  : writeAccessLine(buffer, 0, method, target, status, ms);
              expected.push(buffer.subarray(0, end).toString('latin1'));
            }
            writer.flushNow();
            expect(sink.chunks.join('')).toBe(expected.join(''));
          },
        ),
        { seed: 28, numRuns: 60 },
      );
    }
  });
});
