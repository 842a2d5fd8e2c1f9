import { performance } from 'node:perf_hooks';

/**
 * The proof that an instance hears every invalidation (docs/cache.md "Warm reads from memory"). A
 * heartbeat PING sent on the subscriber connection at `sentAt` whose answer came back on that same
 * connection proves that every message published before Redis ran the PING reached this instance
 * first (one connection delivers in order). An invalidation that another instance waits out
 * therefore cannot be missed by a lease holder: the revalidating instance waits for this
 * instance's confirmation or for `leaseMs` after its own invalidation ran, and every lease this
 * instance took before that invalidation has ended by then.
 */
export class BusLease {
  readonly #leaseMs: number;
  /** performance.now() until which the lease holds. */
  #until = 0;

  constructor(leaseMs: number) {
    this.#leaseMs = leaseMs;
  }

  /** The lease's length, in milliseconds. */
  get leaseMs(): number {
    return this.#leaseMs;
  }

  /** A heartbeat PING sent at `sentAt` (performance.now()) was answered on the subscriber connection. */
  extend(sentAt: number): void {
    this.#until = Math.max(this.#until, sentAt + this.#leaseMs);
  }

  /** The subscriber connection closed: nothing it delivered before proves anything now. */
  revoke(): void {
    this.#until = 0;
  }

  /** Whether the lease holds now. */
  held(now = performance.now()): boolean {
    return now < this.#until;
  }
}
