import { performance } from 'node:perf_hooks';
import { accessLineMaxBytes, writeAccessLine, writeStagedAccessLine } from './access-line-bytes.js';
import { AccessLineQueue, NOT_QUEUED_ESCAPED, QUEUED_BYTES, QUEUED_FULL } from './access-line-queue.js';
import { jsonAccessLineMaxBytes, writeJsonAccessLine, writeStagedJsonAccessLine } from './json-access-line-bytes.js';

/** Where a {@link BatchedLineWriter} writes: `process.stdout`, or a test's stream. */
export interface LineSink {
  write(chunk: Uint8Array | string, callback?: (error?: Error | null) => void): boolean;
  /**
   * Bytes the sink still holds (a Node stream's `writableLength`). When it reports 0 right after
   * a write, the bytes are out (a file, a terminal, a pipe with room) and the writer reuses its
   * buffer; when it holds bytes already, the writer hands it a copy of the batch; a sink without
   * it gets the buffer and the writer a fresh one each batch.
   */
  readonly writableLength?: number;
}

/** Options of {@link BatchedLineWriter}. */
export interface BatchedLineWriterOptions {
  /** While lines keep coming, the longest a line waits for others to share its write (default 50 ms). */
  readonly maxDelayMs?: number;
  /** When no further line comes, the longest a line waits (default 100 ms): one timer, not one per batch. */
  readonly idleDelayMs?: number;
  /**
   * Bytes of one batch (default {@link DEFAULT_BATCH_BYTES}): a burst never holds more before it
   * is written.
   */
  readonly batchBytes?: number;
  /** The clock of {@link BatchedLineWriter.write}, in ms (default `performance.now`), as `writeAccess`'s `now`. */
  readonly clock?: () => number;
  /** How {@link BatchedLineWriter.writeAccess} writes (default `text`; `json`: `LOG_FORMAT=json`). */
  readonly accessFormat?: 'text' | 'json';
  /** The wall clock of the JSON access lines' `time`, in epoch ms (default `Date.now`), read once a batch. */
  readonly wallClock?: () => number;
}

/**
 * The default bytes of a batch, 1 MiB: under load the 50 ms age, not the size, ends a batch (about
 * 340 KB of JSON lines at 45,000 requests a second). A write to a file costs a busy host about
 * 60 µs whatever its size, plus 0.35 µs a KB, measured in the process under load: batches of 64
 * KiB cost a JSON line 0.19 µs, batches of 340 KB 0.08 µs (docs/host-process.md "Request log").
 */
export const DEFAULT_BATCH_BYTES = 1024 * 1024;

/**
 * Lines go out together, one write per batch, instead of one write (a system call on a pipe) per
 * line: the access log of a busy host cost a third of its throughput written line by line. The
 * lines are encoded into one reused buffer (access lines without building a string,
 * {@link writeAccessLine}); an access line is first queued as a record ({@link AccessLineQueue}),
 * and the records are encoded 64 at a time, or before anything else is written or the batch goes
 * out. A batch is written when the next line comes `maxDelayMs` after its first, when it is
 * full, or by a timer at most `idleDelayMs` after it started when no line comes: a timer per 10
 * ms cost the host more than encoding its lines (docs/host-process.md). Order is kept.
 * Whoever ends the process calls {@link flush} (or {@link flushNow} in an `exit` handler: Node
 * writes files, terminals and pipes with room synchronously on Linux), so no line is lost at
 * shutdown. The timer does not keep the process alive.
 */
export class BatchedLineWriter {
  readonly #sink: LineSink;
  readonly #maxDelayMs: number;
  readonly #idleDelayMs: number;
  readonly #batchBytes: number;
  readonly #clock: () => number;
  readonly #json: boolean;
  readonly #wallClock: () => number;
  /** Epoch ms minus `clock` when the batch started: a JSON line's `time` is `now` plus it, no clock read a line. */
  #wallOffset = 0;
  /**
   * The batch, `#batchBytes` long, then the queue's stage ({@link QUEUED_BYTES}): the queued lines'
   * paths and ids, copied into their lines from there (docs/host-process.md "Request log").
   */
  #buffer: Buffer;
  #length = 0;
  /** A batch has lines (encoded or queued) that are not written yet. */
  #open = false;
  /** `clock()` (or the access line's `now`) when the first line of the batch came. */
  #firstAt = 0;
  #timer: NodeJS.Timeout | undefined;
  #timerArmed = false;
  /** The access lines not encoded yet. */
  readonly #queue: AccessLineQueue;

  constructor(sink: LineSink, options: BatchedLineWriterOptions = {}) {
    this.#sink = sink;
    this.#maxDelayMs = options.maxDelayMs ?? 50;
    this.#idleDelayMs = options.idleDelayMs ?? 100;
    this.#batchBytes = options.batchBytes ?? DEFAULT_BATCH_BYTES;
    this.#clock = options.clock ?? (() => performance.now());
    this.#json = options.accessFormat === 'json';
    this.#wallClock = options.wallClock ?? Date.now;
    this.#queue = new AccessLineQueue(this.#json);
    this.#buffer = Buffer.allocUnsafe(this.#batchBytes + QUEUED_BYTES);
  }

  /** Queues `line` (a newline is added). */
  write(line: string): void {
    this.#encodeQueued();
    const bytes = 3 * line.length + 1; // UTF-8 of one UTF-16 unit takes 3 bytes at most
    if (!this.#reserve(bytes, this.#clock())) {
      this.#sink.write(`${line}\n`); // longer than a batch: on its own, after the batch before it
      return;
    }
    this.#length += this.#buffer.write(line, this.#length, bytes, 'utf8');
    this.#buffer[this.#length++] = 0x0a;
  }

  /**
   * Queues the access line of a request (see {@link writeAccessLine}: `target` is the request
   * target as received) that started at `startedAt` and was answered at `now` (`performance.now()`);
   * `requestId` is written in the JSON format only ({@link writeJsonAccessLine}).
   */
  writeAccess(method: string, target: string, status: number, startedAt: number, now: number, requestId: string): void {
    if (this.#open && now - this.#firstAt >= this.#maxDelayMs) {
      // The batch is old: it goes out before this line, which starts the next.
      this.#encodeQueued();
      this.#writeBatch();
    }
    const staged = this.#queue.bytesOf(target, requestId);
    if (this.#maxLineBytes(method, target, requestId) > this.#batchBytes || staged > QUEUED_BYTES) {
      // It may not fit a batch, or the queue's stage: encoded at once, after the queued lines,
      // alone if need be.
      this.#encodeQueued();
      this.#encodeAccessNow(method, target, status, startedAt, now, requestId);
      return;
    }
    if (!this.#queue.hasRoomFor(staged)) this.#encodeQueued();
    if (!this.#open) this.#startBatch(now);
    const queued = this.#queue.push(this.#buffer, this.#batchBytes, method, target, status, startedAt, now, requestId);
    if (queued === QUEUED_FULL) this.#encodeQueued();
    else if (queued === NOT_QUEUED_ESCAPED) {
      // Its path has escapes: encoded from its target, after the queued lines.
      this.#encodeQueued();
      this.#encodeAccessNow(method, target, status, startedAt, now, requestId);
    }
  }

  /** Hands every queued line to the sink now, as one chunk. */
  flushNow(): void {
    this.#encodeQueued();
    this.#writeBatch();
  }

  /** Hands every queued line to the sink and resolves once the sink has written them. */
  flush(): Promise<void> {
    this.flushNow();
    return new Promise((resolve) => this.#sink.write('', () => resolve()));
  }

  /** Encodes the queued access lines into the batch, in order. */
  #encodeQueued(): void {
    const queue = this.#queue;
    const count = queue.length;
    queue.clear();
    let pathStart = 0;
    for (let index = 0; index < count; index += 1) {
      // Every slot below `count` was set by push.
      const idEnd = queue.idEnds[index] as number;
      this.#encodeAccess(
        queue.methods[index] as string,
        pathStart,
        queue.pathEnds[index] as number,
        idEnd,
        queue.statuses[index] as number,
        queue.starts[index] as number,
        queue.ends[index] as number,
      );
      pathStart = idEnd;
    }
  }

  /**
   * Encodes one queued access line into the batch: its path is `[pathFrom, pathTo)` of the stage
   * and its id `[pathTo, idTo)`. It fits an empty batch (writeAccess checked).
   */
  #encodeAccess(
    method: string,
    pathFrom: number,
    pathTo: number,
    idTo: number,
    status: number,
    startedAt: number,
    now: number,
  ): void {
    const methodLength = method.length;
    const stageStart = this.#batchBytes;
    if (this.#json) {
      this.#reserve(jsonAccessLineMaxBytes(methodLength, pathTo - pathFrom, idTo - pathTo), now);
      this.#length = writeStagedJsonAccessLine(
        this.#buffer,
        this.#length,
        method,
        stageStart + pathFrom,
        stageStart + pathTo,
        stageStart + idTo,
        status,
        now - startedAt,
        Math.round(now + this.#wallOffset),
      );
      return;
    }
    this.#reserve(accessLineMaxBytes(methodLength, pathTo - pathFrom), now);
    this.#length = writeStagedAccessLine(
      this.#buffer,
      this.#length,
      method,
      stageStart + pathFrom,
      stageStart + pathTo,
      status,
      now - startedAt,
    );
  }

  /** An access line that may not fit a batch: encoded into the batch if it fits, else written alone. */
  #encodeAccessNow(
    method: string,
    target: string,
    status: number,
    startedAt: number,
    now: number,
    requestId: string,
  ): void {
    const bytes = this.#maxLineBytes(method, target, requestId);
    const fits = this.#reserve(bytes, now);
    const buffer = fits ? this.#buffer : Buffer.allocUnsafe(bytes);
    const offset = fits ? this.#length : 0;
    const end = this.#json
      ? writeJsonAccessLine(
          buffer,
          offset,
          method,
          target,
          status,
          now - startedAt,
          requestId,
          fits ? Math.round(now + this.#wallOffset) : this.#wallClock(),
        )
      : writeAccessLine(buffer, offset, method, target, status, now - startedAt);
    if (fits) this.#length = end;
    else this.#sink.write(buffer.subarray(0, end));
  }

  /** The most bytes the access line takes in this writer's format. */
  #maxLineBytes(method: string, target: string, requestId: string): number {
    return this.#json
      ? jsonAccessLineMaxBytes(method.length, target.length, requestId.length)
      : accessLineMaxBytes(method.length, target.length);
  }

  /** Writes the encoded lines of the batch to the sink (the queued records stay queued). */
  #writeBatch(): void {
    this.#open = false;
    if (this.#length === 0) return;
    const chunk = this.#buffer.subarray(0, this.#length);
    this.#length = 0;
    if (this.#sink.writableLength !== undefined && this.#sink.writableLength > 0) {
      // Already backed up (a full non-blocking pipe): the sink queues this write in memory. It
      // gets a copy of just these bytes, so a queued batch never holds a whole buffer.
      this.#sink.write(Buffer.from(chunk));
      return;
    }
    this.#sink.write(chunk);
    // The sink kept the chunk (it became backed up, or cannot tell, as a test's recorder): the
    // buffer is its now. The stage moves to the new one: lines being encoded read it.
    if (this.#sink.writableLength !== 0) {
      const kept = this.#buffer;
      this.#buffer = Buffer.allocUnsafe(this.#batchBytes + QUEUED_BYTES);
      kept.copy(this.#buffer, this.#batchBytes, this.#batchBytes);
    }
  }

  /** A batch starts with a line that came at `now`: its age counts from there; the idle timer is armed. */
  #startBatch(now: number): void {
    this.#open = true;
    this.#firstAt = now;
    if (this.#json) this.#wallOffset = this.#wallClock() - now;
    if (!this.#timerArmed) {
      this.#timerArmed = true;
      if (this.#timer === undefined) this.#timer = setTimeout(this.#onTimer, this.#idleDelayMs).unref();
      else this.#timer.refresh(); // the same timer again: no allocation
    }
  }

  /**
   * Makes room for `bytes` more, writing the batch first when it is old or full; false when they
   * would not fit even an empty batch. A line that starts a batch arms the idle timer.
   */
  #reserve(bytes: number, now: number): boolean {
    if (this.#length > 0 && (now - this.#firstAt >= this.#maxDelayMs || this.#length + bytes > this.#batchBytes))
      this.#writeBatch();
    if (bytes > this.#batchBytes) return false;
    if (!this.#open) this.#startBatch(now);
    return true;
  }

  readonly #onTimer = (): void => {
    this.#timerArmed = false;
    this.flushNow();
  };
}
