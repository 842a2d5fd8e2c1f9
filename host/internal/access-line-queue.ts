import { copyAccessPath, copyUnits } from './access-path-units.js';

/**
 * Access lines wait as records (their fields, no bytes) until this many are queued, then are
 * encoded in one pass: encoded one by one, each in the middle of its request, the JSON line cost
 * the host about 2 points more of its CPU a request, measured (docs/host-process.md "Request log").
 */
export const QUEUED_ACCESS_LINES = 64;

/**
 * Code units of the queued lines' paths and ids (16 KiB): a line whose path and id would not fit
 * has the queue encoded first; one longer than all of it is encoded at once.
 */
export const QUEUED_UNITS = 8192;

/**
 * The access lines `BatchedLineWriter` has not encoded yet, field by field, in arrays made once.
 * The method is kept as Node gives it (one of its constant strings); the path and, with `withIds`
 * (JSON), the id are copied into {@link units} as the request ends, one after the other, while
 * the request's strings are in the CPU's cache: kept as strings and read again 64 requests later,
 * they cost the JSON line about 0.2 µs more (docs/host-process.md "Request log").
 */
export class AccessLineQueue {
  readonly methods: string[] = new Array<string>(QUEUED_ACCESS_LINES).fill('');
  readonly statuses = new Float64Array(QUEUED_ACCESS_LINES);
  readonly starts = new Float64Array(QUEUED_ACCESS_LINES);
  readonly ends = new Float64Array(QUEUED_ACCESS_LINES);
  readonly units = new Uint16Array(QUEUED_UNITS);
  /** Where each line's path ends (and its id starts) in {@link units}. */
  readonly pathEnds = new Int32Array(QUEUED_ACCESS_LINES);
  /** Where each line's id ends; the next line's path starts there. */
  readonly idEnds = new Int32Array(QUEUED_ACCESS_LINES);
  /** Lines queued. */
  length = 0;
  /** Units used in {@link units}. */
  unitsLength = 0;
  readonly #withIds: boolean;

  constructor(withIds: boolean) {
    this.#withIds = withIds;
  }

  /** The most units a line of `target` and `requestId` takes (its whole target, a `/`, the id). */
  unitsOf(target: string, requestId: string): number {
    return target.length + 1 + (this.#withIds ? requestId.length : 0);
  }

  /** Whether a line of `units` ({@link unitsOf}) fits the units left. */
  hasRoomFor(units: number): boolean {
    return this.unitsLength + units <= QUEUED_UNITS;
  }

  /** Queues a line, which must have room ({@link hasRoomFor}). True when the queue is then full. */
  push(method: string, target: string, status: number, startedAt: number, now: number, requestId: string): boolean {
    const index = this.length;
    this.methods[index] = method;
    this.statuses[index] = status;
    this.starts[index] = startedAt;
    this.ends[index] = now;
    const pathEnd = copyAccessPath(this.units, this.unitsLength, target);
    const idEnd = this.#withIds ? copyUnits(this.units, pathEnd, requestId) : pathEnd;
    this.pathEnds[index] = pathEnd;
    this.idEnds[index] = idEnd;
    this.unitsLength = idEnd;
    this.length = index + 1;
    return index + 1 === QUEUED_ACCESS_LINES;
  }

  /** Empties the queue (its lines stay readable until the next push). */
  clear(): void {
    this.length = 0;
    this.unitsLength = 0;
  }
}
