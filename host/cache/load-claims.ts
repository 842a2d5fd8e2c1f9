import { randomUUID } from 'node:crypto';
import type { LoadClaim } from './cache-store.js';
import { LoadClaimWaiters } from './load-claim-waiters.js';
import type { RedisConnections } from './redis-connections.js';

// One load per cold key for the whole cluster (docs/cache.md "One load per key for the
// cluster"). The claim is `P load:<key>` = `<token>:<sequence>`, taken by a script:
//
// - It expires by itself after `loadClaimMs` and its holder renews it every third of that while it
//   loads (a cold whole catalog takes seconds): a holder that died stalls the others at most one
//   claim, since nobody renews it.
// - A claim taken before the last invalidation is void (its load will not be stored: the sequence
//   guard of `set`), so the script hands it to the next caller at once.
// - The holder's release publishes the key on `P loads`; the waiters wake at that message, at every
//   invalidation heard and at every close of the subscriber (both through the invalidation bus: a
//   release may have been missed, or the claim they wait for is void), or at the claim's remaining
//   time, and read the store again. Waking is never a promise that a value is there: TaggedCache
//   claims again or loads itself.

/** Cluster-wide load claims of one Redis store instance. */
export class LoadClaims {
  readonly #connections: RedisConnections;
  readonly #claimMs: number;
  readonly #waiters = new LoadClaimWaiters();
  /** The renewal timers of the load claims this instance holds (cleared on close: it dies with them). */
  readonly #renewals = new Set<NodeJS.Timeout>();

  /** `claimMs`: how long a claim holds the others without being renewed. */
  constructor(connections: RedisConnections, claimMs: number) {
    this.#connections = connections;
    this.#claimMs = claimMs;
  }

  /**
   * Claims the load of `key` for the cluster. The claim expires by itself after `claimMs`;
   * waiters wake at its release or by then.
   */
  async claim(key: string): Promise<LoadClaim> {
    const connections = this.#connections;
    const token = randomUUID();
    const claim = await connections.run('claimLoad', () =>
      connections.client.catalogClaimLoad(...connections.scriptKeys(), key, token, this.#claimMs),
    );
    if (claim[0] === 1) {
      connections.see(claim[1]);
      // Extended while the load runs (a cold whole catalog takes seconds), so waiters keep
      // waiting for a holder that is alive; a holder that died lets go within claimMs.
      const renewal = setInterval(() => {
        connections.client
          .catalogRenewLoad(...connections.scriptKeys(), key, token, this.#claimMs)
          .catch(() => undefined);
      }, this.#claimMs / 3);
      renewal.unref();
      this.#renewals.add(renewal);
      return {
        held: true,
        sequence: claim[1],
        release: async () => {
          clearInterval(renewal);
          this.#renewals.delete(renewal);
          await connections
            .run('releaseLoad', () =>
              connections.client.catalogReleaseLoad(
                ...connections.scriptKeys(),
                key,
                token,
                connections.channels.loads,
              ),
            )
            .catch(() => undefined); // the claim expires by itself; the waiters wake by then
        },
      };
    }
    const remaining = claim[1] > 0 ? claim[1] : this.#claimMs;
    return { held: false, released: this.#waiters.wait(key, Math.min(remaining, this.#claimMs) + 20) };
  }

  /** The holder of `key` released it (its message on `P loads`): its waiters read the store now. */
  released(key: string): void {
    this.#waiters.released(key);
  }

  /** Wakes every waiter: an invalidation voided the claims, or the bus dropped and a release may have been missed. */
  wakeAll(): void {
    this.#waiters.releaseAll();
  }

  /** Stops renewing the claims held here (the store closes: they expire by themselves). */
  close(): void {
    for (const renewal of this.#renewals) clearInterval(renewal);
    this.#renewals.clear();
  }
}
