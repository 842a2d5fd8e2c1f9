import { HostError } from '../host-error.js';

/** What the Redis cache store was doing when Redis failed. */
export type RedisCacheOperation =
  | 'connect'
  | 'nextSequence'
  | 'get'
  | 'set'
  | 'invalidateTags'
  | 'heartbeat'
  | 'claimLoad'
  | 'releaseLoad';

/** The message every request-time failure carries: stable, and safe to answer over HTTP. */
export const REDIS_CACHE_UNAVAILABLE = 'Cache store unavailable';

/**
 * Redis could not be reached (or did not answer in time) while the store was doing `operation`.
 * Nothing is half-written: a failed `set` stored nothing, a failed `invalidateTags` must be
 * retried (the revalidation is not answered 200). The host answers it 503 `Cache store
 * unavailable`; the store logs each burst of failures once. No message ever carries the
 * connection URL's credentials.
 */
export class RedisCacheError extends HostError {
  /** Always `RedisCacheError`. */
  override readonly name = 'RedisCacheError';
  /** What the store was doing when Redis failed. */
  readonly operation: RedisCacheOperation;

  constructor(
    operation: RedisCacheOperation,
    message: string = REDIS_CACHE_UNAVAILABLE,
    options?: { cause?: unknown },
  ) {
    super('cache-unavailable', message, options);
    this.operation = operation;
  }
}
