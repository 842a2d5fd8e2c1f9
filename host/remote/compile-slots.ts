import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClientHandle } from '../cache/redis-client-handle.js';

/** One slot taken by {@link CompileSlots.take}: released once, when its compile ends. */
export interface CompileSlot {
  /**
   * Gives the slot back; resolves once its counter has it (never rejects: a failure leaves the
   * slot to come back with its window). A second call does nothing.
   */
  release(): Promise<void>;
}

/** What {@link CompileSlots} is built from. */
export interface CompileSlotsOptions {
  /** Slots per client. */
  readonly slots: number;
  /** Seconds after which taken slots come back by themselves (those of an instance that died). */
  readonly ttlSeconds: number;
  /** Where the slots are counted for the whole cluster; undefined: in this process. */
  readonly redis?: RedisClientHandle | undefined;
  /** Prefix of the counters' keys. */
  readonly keyPrefix: string;
}

/**
 * Slots a client may hold at once, counted with rate-limiter-flexible: a counter per client that
 * a take `consume`s and a release `reward`s, in Redis for the whole cluster, and in this
 * process's memory when Redis fails (the host's degraded mode: a quota kept per process, never a
 * compile that fails or waits for Redis). Decisions (docs/compile-quotas.md "Concurrency"):
 * - the counter lives `ttlSeconds` from its first take (the library's fixed window): the slots of an
 *   instance that died come back then, and so may, once a window, those of compiles still running;
 * - a slot is given back to the counter it was taken from, and only while that counter's window
 *   lasts: a late reward would start a new window below zero and hand out a slot too many;
 * - a refused take is rewarded at once (`consume` counts refusals too);
 * - a take or release resolves once the counter has it: the answer of a compile leaves after its
 *   slot is back, so the client's next request, on any instance, finds it free.
 */
export class CompileSlots {
  readonly #limiters: readonly (RateLimiterRedis | RateLimiterMemory)[];

  constructor(options: CompileSlotsOptions) {
    const window = { keyPrefix: options.keyPrefix, points: options.slots, duration: options.ttlSeconds };
    const local = new RateLimiterMemory(window);
    this.#limiters =
      options.redis === undefined
        ? [local]
        : [new RateLimiterRedis({ ...window, storeClient: options.redis, rejectIfRedisNotReady: true }), local];
  }

  /** A slot of `client`, or undefined when it holds every one of them already. */
  async take(client: string): Promise<CompileSlot | undefined> {
    for (const limiter of this.#limiters) {
      let taken: RateLimiterRes;
      try {
        taken = await limiter.consume(client);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) continue; // Redis failed: this process's counter
        await giveBack(limiter, client);
        return undefined;
      }
      const windowEnds = performance.now() + taken.msBeforeNext;
      let held = true;
      return {
        release: async () => {
          if (!held) return;
          held = false;
          if (performance.now() < windowEnds - WINDOW_MARGIN_MS) await giveBack(limiter, client);
        },
      };
    }
    // The last limiter is in memory: it answers every take.
    throw new Error('unreachable: the in-memory slots answered nothing');
  }
}

/**
 * A slot is not given back this close to the end of its window: the counter may be gone by the
 * time the reward arrives (Redis's clock, the command's time on the wire), and starting a new one
 * below zero would hand out a slot too many. The slot comes back with the window.
 */
const WINDOW_MARGIN_MS = 250;

/** Rewards one slot; a failure leaves it to come back with its window. */
async function giveBack(limiter: RateLimiterRedis | RateLimiterMemory, client: string): Promise<void> {
  await limiter.reward(client).catch(() => {});
}
