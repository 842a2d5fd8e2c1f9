import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClientHandle } from '../cache/redis-client-handle.js';
import { CompileSlots } from './compile-slots.js';
import { TooManyCompilesError } from './too-many-compiles-error.js';

/** What {@link CompileQuotas} is built from (`COMPILE_QUOTA_CONCURRENCY`, `COMPILE_QUOTA_PER_MINUTE`). */
export interface CompileQuotasOptions {
  /** Cold compiles one client may have in flight at once. */
  readonly concurrency: number;
  /** Cold compiles one client may start a minute. */
  readonly perMinute: number;
  /** The shared Redis connection: the quotas hold for the whole cluster. Undefined: per process. */
  readonly redis?: RedisClientHandle | undefined;
}

/** Keys of the quotas' counters in Redis, beside the cache's (`runtime-catalog:`). */
const KEY_PREFIX = 'runtime-catalog:compile-quota';

/**
 * Seconds after which the slots of compiles whose instance died come back: longer than a compile
 * takes (seconds at worst), short enough that a crash costs its clients a minute at most.
 */
export const SLOT_TTL_SECONDS = 60;

/**
 * Retry-After of a refusal by the concurrency quota: when a slot frees is not known, and compiles
 * take seconds at most; 1 is the smallest whole number of seconds.
 */
const CONCURRENCY_RETRY_AFTER_SECONDS = 1;

/**
 * The compile quotas of each client (docs/compile-quotas.md): at most `concurrency` cold compiles
 * in flight ({@link CompileSlots}) and `perMinute` started a minute, in windows of 10 s or more
 * (see {@link rateWindow}); counted in Redis for the whole cluster when it is given, with an
 * insurance limiter in this process's memory for when Redis fails, so that Redis never makes a
 * compile fail or wait (rate-limiter-flexible's `rejectIfRedisNotReady` and `insuranceLimiter`).
 * Only a cold compile takes them: RemoteComponents calls {@link run} in the cache's load.
 */
export class CompileQuotas {
  readonly #options: CompileQuotasOptions;
  readonly #slots: CompileSlots;
  readonly #rate: RateLimiterRedis | RateLimiterMemory;
  readonly #window: { readonly points: number; readonly duration: number };

  constructor(options: CompileQuotasOptions) {
    this.#options = options;
    this.#slots = new CompileSlots({
      slots: options.concurrency,
      ttlSeconds: SLOT_TTL_SECONDS,
      redis: options.redis,
      keyPrefix: `${KEY_PREFIX}:slots`,
    });
    this.#window = rateWindow(options.perMinute);
    const window = { keyPrefix: `${KEY_PREFIX}:rate`, ...this.#window };
    this.#rate =
      options.redis === undefined
        ? new RateLimiterMemory(window)
        : new RateLimiterRedis({
            ...window,
            storeClient: options.redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(window),
          });
  }

  /**
   * Runs `compile` within `client`'s quotas, or throws {@link TooManyCompilesError} without running
   * it: a slot first (none free: retry after 1 s), then the rate (spent: retry when its window
   * ends, and the slot is given back). The slot is held until `compile` settles, and is back
   * before this resolves.
   */
  async run<T>(client: string, compile: () => Promise<T>): Promise<T> {
    const slot = await this.#slots.take(client);
    if (slot === undefined) {
      const limit = `${compiles(this.#options.concurrency)} at once`;
      throw new TooManyCompilesError(client, 'concurrency', limit, CONCURRENCY_RETRY_AFTER_SECONDS);
    }
    try {
      await this.#rate.consume(client);
    } catch (refusal) {
      await slot.release();
      // The insurance limiter answers every failure of Redis: a refusal is all that comes here.
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const limit = `${compiles(this.#options.perMinute)} a minute (${this.#window.points} every ${this.#window.duration} s)`;
      throw new TooManyCompilesError(client, 'rate', limit, refusal.msBeforeNext / 1000);
    }
    try {
      return await compile();
    } finally {
      await slot.release();
    }
  }
}

/**
 * The minute's allowance in equal parts over windows of 10 s or more: the shortest window, among
 * the divisors of a minute from 10 s up, that takes a whole part of it. 60 a minute is 10 every
 * 10 s, 90 is 15 every 10 s, 10 is 2 every 12 s, 7 is 7 a minute. A window that long lets an
 * editor start the compiles of a page at once; one that short keeps a storming client from
 * holding the one compiler process for a minute's allowance in a row (docs/compile-quotas.md "Rate").
 */
export function rateWindow(perMinute: number): { readonly points: number; readonly duration: number } {
  const duration = WINDOW_SECONDS.find((seconds) => (perMinute * seconds) % 60 === 0) ?? 60;
  return { points: (perMinute * duration) / 60, duration };
}

/** The divisors of a minute from 10 s up, shortest first. */
const WINDOW_SECONDS = [10, 12, 15, 20, 30, 60] as const;

/** `1 cold compile`, `2 cold compiles`. */
function compiles(count: number): string {
  return `${count} cold compile${count === 1 ? '' : 's'}`;
}
