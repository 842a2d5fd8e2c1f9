/**
 * An ioredis client handed to another part of the host (the Redis store's `commandConnection`,
 * which the compile quotas count on). Typed by the one property the host reads, so that the host's
 * public types never name ioredis's: their declarations need types (`redis-errors`) that a project
 * checking with `skipLibCheck` off does not have.
 */
export interface RedisClientHandle {
  /** ioredis's connection status: `ready` when commands can be sent. */
  readonly status: string;
}
