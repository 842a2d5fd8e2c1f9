/** Where a {@link BatchedLineWriter} writes: `process.stdout`, or a test's stream. */
export interface LineSink {
  write(chunk: Uint8Array | string, callback?: (error?: Error | null) => void): boolean;
}

/** Options of {@link BatchedLineWriter}. */
export interface BatchedLineWriterOptions {
  /** Bytes of one batch (default {@link DEFAULT_BATCH_BYTES}). */
  readonly batchBytes?: number;
  /** The longest a line waits when the batch does not fill (default 100 ms). */
  readonly maxDelayMs?: number;
}

/**
 * 1 MiB: large enough that under load the 100 ms timer, not the size, ends a batch. A write is a
 * system call whose cost hardly depends on its size: fewer, larger writes are what batching is for
 * (docs/host-logs.md "How the lines are written"; the rows that hold it:
 * `npm run bench -- REQUEST_LOG`).
 */
export const DEFAULT_BATCH_BYTES = 1024 * 1024;

/**
 * The destination of the process's lines. Each line is encoded into one byte buffer as it comes,
 * and the lines go out together, one `write` a batch, when the batch is full or by one timer
 * `maxDelayMs` after its first line, instead of one write (a system call on a pipe) a line. Order
 * is kept. Whoever ends the process calls {@link flush}, or {@link flushSync} in an `exit`
 * handler (Node writes files, terminals and pipes with room synchronously on Linux), so no line
 * is lost at shutdown. The timer does not keep the process alive.
 *
 * Encoded at once, not kept as strings until the write: a line's string then dies young, where a
 * batch of strings held for 100 ms is promoted by the GC (docs/host-logs.md "How the lines are
 * written").
 */
export class BatchedLineWriter {
  readonly #sink: LineSink;
  readonly #batchBytes: number;
  readonly #maxDelayMs: number;
  readonly #buffer: Buffer;
  #length = 0;
  #timer: NodeJS.Timeout | undefined;
  #timerArmed = false;

  constructor(sink: LineSink, options: BatchedLineWriterOptions = {}) {
    this.#sink = sink;
    this.#batchBytes = options.batchBytes ?? DEFAULT_BATCH_BYTES;
    this.#maxDelayMs = options.maxDelayMs ?? 100;
    this.#buffer = Buffer.allocUnsafe(this.#batchBytes);
  }

  /** Queues `line`, which ends with its newline. */
  write(line: string): boolean {
    // UTF-8 takes at most 3 bytes a UTF-16 unit.
    const most = 3 * line.length;
    if (this.#length + most > this.#batchBytes) {
      this.flushSync();
      if (most > this.#batchBytes) {
        this.#sink.write(line); // longer than a batch: alone, after the lines before it
        return true;
      }
    }
    if (this.#length === 0) this.#arm();
    this.#length += this.#buffer.write(line, this.#length);
    return true;
  }

  /**
   * Hands every queued line to the sink now, as one chunk: a copy of just the batch's bytes, so
   * the buffer is reused and a sink that queues (a full pipe) holds the log's bytes, not buffers.
   */
  flushSync(): void {
    if (this.#length === 0) return;
    const chunk = Buffer.from(this.#buffer.subarray(0, this.#length));
    this.#length = 0;
    this.#sink.write(chunk);
  }

  /** Hands every queued line to the sink and resolves once the sink has written them. */
  flush(): Promise<void> {
    this.flushSync();
    return new Promise((resolve) => this.#sink.write('', () => resolve()));
  }

  /** One `Timeout`, re-armed with `refresh()` when a batch starts: no timer is made a batch. */
  #arm(): void {
    if (this.#timerArmed) return;
    this.#timerArmed = true;
    if (this.#timer === undefined) this.#timer = setTimeout(this.#onTimer, this.#maxDelayMs).unref();
    else this.#timer.refresh();
  }

  readonly #onTimer = (): void => {
    this.#timerArmed = false;
    this.flushSync();
  };
}
