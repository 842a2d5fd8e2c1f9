import { stageAccessPath, stageToken } from './access-path-units.js';

/**
 * Access lines wait as records (their fields, no bytes) until this many are queued, then are
 * encoded in one pass: encoded one by one, each in the middle of its request, the JSON line cost
 * the host about 2 points more of its CPU a request, measured (docs/host-process.md "Request log").
 */
export const QUEUED_ACCESS_LINES = 64;

/**
 * Bytes of the queued lines' staged paths and ids (8 KiB): a line whose path and id would not fit
 * has the queue encoded first; one longer than all of it is encoded at once.
 */
export const QUEUED_BYTES = 8192;

/** {@link AccessLineQueue.push}: the line is queued; the queue has room for more. */
export const QUEUED = 0;
/** {@link AccessLineQueue.push}: the line is queued, and the queue is now full: encode it. */
export const QUEUED_FULL = 1;
/** {@link AccessLineQueue.push}: not queued, its path has a character a line escapes: encode it from its target. */
export const NOT_QUEUED_ESCAPED = 2;

/**
 * The access lines `BatchedLineWriter` has not encoded yet, field by field, in arrays made once.
 * The method is kept as Node gives it (one of its constant strings); the path and, with `withIds`
 * (JSON), the id are staged as bytes in the writer's stage ({@link push}) as the request ends, one
 * after the other, while the request's strings are in the CPU's cache: kept as strings and read
 * again 64 requests later, they cost the JSON line about 0.2 µs more (docs/host-process.md
 * "Request log").
 */
export class AccessLineQueue {
  readonly methods: string[] = new Array<string>(QUEUED_ACCESS_LINES).fill('');
  readonly statuses = new Float64Array(QUEUED_ACCESS_LINES);
  readonly starts = new Float64Array(QUEUED_ACCESS_LINES);
  readonly ends = new Float64Array(QUEUED_ACCESS_LINES);
  /** Where each line's path ends (and its id starts) in the stage. */
  readonly pathEnds = new Int32Array(QUEUED_ACCESS_LINES);
  /** Where each line's id ends; the next line's path starts there. */
  readonly idEnds = new Int32Array(QUEUED_ACCESS_LINES);
  /** Lines queued. */
  length = 0;
  /** Bytes used in the stage. */
  stagedBytes = 0;
  readonly #withIds: boolean;

  constructor(withIds: boolean) {
    this.#withIds = withIds;
  }

  /** The most bytes a line of `target` and `requestId` stages (its whole target, a `/`, the id). */
  bytesOf(target: string, requestId: string): number {
    return target.length + 1 + (this.#withIds ? requestId.length : 0);
  }

  /** Whether a line of `bytes` ({@link bytesOf}) fits the stage's bytes left. */
  hasRoomFor(bytes: number): boolean {
    return this.stagedBytes + bytes <= QUEUED_BYTES;
  }

  /**
   * Queues a line, which must have room ({@link hasRoomFor}), its path and id staged into `stage`
   * from `stageStart` (the stage's offset 0; {@link QUEUED_BYTES} long).
   */
  push(
    stage: Uint8Array,
    stageStart: number,
    method: string,
    target: string,
    status: number,
    startedAt: number,
    now: number,
    requestId: string,
  ): number {
    const pathEnd = stageAccessPath(stage, stageStart + this.stagedBytes, target);
    if (pathEnd < 0) return NOT_QUEUED_ESCAPED;
    const idEnd = this.#withIds ? stageToken(stage, pathEnd, requestId) : pathEnd;
    const index = this.length;
    this.methods[index] = method;
    this.statuses[index] = status;
    this.starts[index] = startedAt;
    this.ends[index] = now;
    this.pathEnds[index] = pathEnd - stageStart;
    this.idEnds[index] = idEnd - stageStart;
    this.stagedBytes = idEnd - stageStart;
    this.length = index + 1;
    return index + 1 === QUEUED_ACCESS_LINES ? QUEUED_FULL : QUEUED;
  }

  /** Empties the queue (its lines stay readable until the next push). */
  clear(): void {
    this.length = 0;
    this.stagedBytes = 0;
  }
}
