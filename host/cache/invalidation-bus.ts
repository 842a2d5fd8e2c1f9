import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Logger, silentLogger } from '../logger.js';
import { BusLease } from './bus-lease.js';
import type { BusStatus, InvalidationListener } from './cache-store.js';
import type { LoadClaims } from './load-claims.js';
import type { LocalCopies } from './local-copies.js';
import type { RedisConnections } from './redis-connections.js';
import {
  type ConfirmationMessage,
  InvalidationConfirmations,
  type InvalidationMessage,
} from './redis-invalidation-confirmations.js';

// Long because the bus's freshness argument (below) and the code it holds are one piece.
// The invalidation bus of the Redis store (docs/cache.md "Warm reads from memory: the bus lease").
// The rule: after `POST /api/revalidate` answered 200, no instance answers the old value. Redis is
// always right (the script deleted the entries before it answered); memory is right only if the
// instance heard the invalidation, and "heard" must survive half-open connections and partitions,
// which a subscriber cannot see from its side. So:
// - We subscribe on every `ready` of the subscriber (never ioredis's own re-subscription), its
//   failure caught; a subscriber connected but not subscribed is dropped, to subscribe again.
// - Heartbeats, every lease/4: a script records the instance in `P members` at Redis's time, then
//   a PING goes out on the subscriber. Redis writes a connection's replies and messages in order,
//   so the answer proves that every message published before the PING ran reached us first; it
//   extends the lease from when the PING was sent (bus-lease.ts). A PING without answer drops the
//   subscriber (a half-open connection heals); a registration answered over 1 s late extends nothing.
// - Every invalidation heard (our own too: its script's answer may have been lost), every close of
//   the subscriber and every new subscription make every copy need Redis's word again
//   (local-copies.ts); the close also ends the lease and changes the epoch, within which alone a
//   load or read in flight may be joined.
// - Revalidation waits out what it cannot hear: the script returns the members heard from within
//   lease + 2 s; `invalidate` waits for each one's confirmation, or lease + 50 ms after the answer,
//   when every lease a silent member took before has ended and any later one comes from a PING
//   answered after the invalidation's message. A member set Redis lost: a whole lease, always.
// - Assumed: monotonic clocks run at about the same rate (the 50 ms margin covers drift), and
//   Redis's wall clock does not step forward by more than 1 s.

/** Extra wait for an unconfirmed lease holder, over the lease: covers clock-rate drift. */
const LEASE_MARGIN_MS = 50;
/** How much longer than a lease a member's registration counts (in Redis's clock). */
const REGISTRATION_SLACK_MS = 2_000;

/** What {@link InvalidationBus} works with: the layers below it, and its own settings. */
export interface InvalidationBusParts {
  readonly connections: RedisConnections;
  readonly copies: LocalCopies;
  readonly claims: LoadClaims;
  /** This instance's id: its entry in `P members`, and the sender of its messages. */
  readonly instanceId: string;
  /** The bus lease, in milliseconds. */
  readonly leaseMs: number;
  /** Where a revalidation that had to wait out a silent instance is reported. */
  readonly logger?: Logger;
}

/** The subscription, heartbeats, bus lease, confirmations and invalidations of one Redis store instance. */
export class InvalidationBus {
  readonly #connections: RedisConnections;
  readonly #copies: LocalCopies;
  readonly #claims: LoadClaims;
  readonly #instanceId: string;
  readonly #logger: Logger;
  readonly #lease: BusLease;
  readonly #registrationWindowMs: number;
  readonly #listeners = new Set<InvalidationListener>();
  readonly #confirmations = new InvalidationConfirmations();
  #heartbeatTimer: NodeJS.Timeout | undefined;
  #heartbeating = false;
  /** A SUBSCRIBE is in flight. */
  #subscribing = false;
  /** Whether the subscriber connection is subscribed to every channel now. */
  #listening = false;
  /** Changes each time the subscriber connection closes: see {@link epoch}. */
  #epoch = 0;
  /** The subscription started by the subscriber's last `ready`: resolves to whether it succeeded. */
  #subscription: Promise<boolean> = Promise.resolve(false);
  readonly #listeningWaiters = new Set<() => void>();

  constructor(parts: InvalidationBusParts) {
    this.#connections = parts.connections;
    this.#copies = parts.copies;
    this.#claims = parts.claims;
    this.#instanceId = parts.instanceId;
    this.#logger = parts.logger ?? silentLogger;
    this.#lease = new BusLease(parts.leaseMs);
    this.#registrationWindowMs = this.#lease.leaseMs + REGISTRATION_SLACK_MS;
    const subscriber = this.#connections.subscriber;
    subscriber.on('ready', () => {
      this.#subscription = this.#subscribe();
    });
    subscriber.on('close', () => {
      this.#listening = false;
      // Invalidations published from now until it subscribed again may never reach us: no copy,
      // load or read from before is trusted without asking Redis again.
      this.#epoch += 1;
      this.#copies.invalidate();
      this.#lease.revoke();
      this.#claims.wakeAll();
    });
    subscriber.on('message', (channel: string, message: string) => {
      try {
        this.#received(channel, message);
      } catch {
        // Not one of ours (someone else published on the channel): nothing to do.
      }
    });
  }

  /** The subscription started by the subscriber's last `ready`: resolves to whether it succeeded. */
  subscribed(): Promise<boolean> {
    return this.#subscription;
  }

  /** Takes the first lease (before the first request), then heartbeats 4 times a lease until {@link stop}. */
  async start(): Promise<void> {
    await this.#heartbeat();
    if (!this.#connections.connected) return; // closed meanwhile
    this.#heartbeatTimer = setInterval(() => void this.#heartbeat(), Math.max(10, this.#lease.leaseMs / 4));
    this.#heartbeatTimer.unref();
  }

  /** Resolves once the subscriber listens (after a reconnection, say). */
  async listened(): Promise<void> {
    if (!this.#listening) await new Promise<void>((resolve) => this.#listeningWaiters.add(resolve));
  }

  /** Whether the subscriber is subscribed now, as far as this process can tell (false from its close on). */
  get listening(): boolean {
    return this.#listening;
  }

  /** Whether the lease's time holds now (the store checks {@link listening} too). */
  leaseTimeHeld(): boolean {
    return this.#lease.held();
  }

  /** Whether this instance provably hears every invalidation now (subscribed, and its lease holds). */
  get leaseHeld(): boolean {
    return this.#listening && this.#lease.held();
  }

  /** `GET /healthz`'s view of the bus. */
  status(): BusStatus {
    return { listening: this.#listening, leaseHeld: this.leaseHeld };
  }

  /** The bus epoch while the lease holds, else undefined (CacheStore.busEpoch). */
  epoch(): number | undefined {
    return this.leaseHeld ? this.#epoch : undefined;
  }

  /** Subscribes to invalidations; returns the unsubscribe function. */
  onInvalidate(listener: InvalidationListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Invalidates `tags` in Redis and resolves once every member confirmed or had its lease waited out. */
  async invalidate(tags: readonly string[]): Promise<void> {
    const connections = this.#connections;
    const id = randomUUID();
    const message: InvalidationMessage = { from: this.#instanceId, id, tags };
    this.#confirmations.open(id);
    let members: string[];
    let sequence: number;
    let incomplete: 0 | 1;
    try {
      [sequence, members, incomplete] = await connections.run('invalidateTags', () =>
        connections.invalidator.catalogInvalidate(
          ...connections.scriptKeys(),
          connections.channels.invalidations,
          JSON.stringify(message),
          this.#registrationWindowMs,
          ...tags,
        ),
      );
    } catch (error) {
      this.#confirmations.close(id);
      throw error;
    }
    const answered = performance.now();
    connections.see(sequence);
    this.#notify(tags);
    // On every replica before it is answered (docs/cache-outages.md "Failover"), with the confirmations.
    const replicated = connections.run('invalidateTags', () => connections.replicated());
    replicated.catch(() => {});
    // Every member (this one included) confirms once its listeners ran; one that does not (cut off,
    // half-open, stalled) is waited out: a lease later, every lease it took before has ended.
    const waitMs = this.#lease.leaseMs + LEASE_MARGIN_MS;
    const missing = await this.#confirmations.wait(id, members, waitMs);
    if (incomplete === 1) {
      // Redis lost the member set (or it just started): a lease holder may not be listed.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, waitMs - (performance.now() - answered))));
    }
    await replicated;
    if (missing.length > 0) {
      this.#logger.warn(
        { unconfirmed: missing.length, instances: members.length, waitMs },
        `cache invalidation: ${missing.length} of ${members.length} instances did not confirm; waited out their bus lease`,
      );
    }
  }

  /** Stops the heartbeats, forgets the listeners and ends the lease (the store closes). */
  stop(): void {
    clearInterval(this.#heartbeatTimer);
    this.#listeners.clear();
    this.#lease.revoke();
  }

  /** Leaves `P members`: the others stop waiting for its confirmations (best effort: it runs out anyway). */
  async leave(): Promise<void> {
    const connections = this.#connections;
    if (connections.connected && connections.client.status === 'ready') {
      await connections.client.catalogLeave(...connections.scriptKeys(), this.#instanceId).catch(() => undefined);
    }
  }

  /** Subscribes the (re)connected subscriber to every channel; never rejects (see the top of this file). */
  async #subscribe(): Promise<boolean> {
    const { subscriber, channels } = this.#connections;
    this.#subscribing = true;
    try {
      await subscriber.subscribe(channels.invalidations, channels.confirmations, channels.loads);
    } catch (error) {
      this.#connections.failed(error);
      if (this.#connections.connected && subscriber.status === 'ready') subscriber.disconnect(true);
      return false;
    } finally {
      this.#subscribing = false;
    }
    // What Redis vouched for between the close and now was not under the bus: an invalidation
    // published meanwhile never reached us. Every copy needs Redis's word again.
    this.#copies.invalidate();
    this.#listening = true;
    for (const wake of this.#listeningWaiters) wake();
    this.#listeningWaiters.clear();
    return true;
  }

  #received(channel: string, raw: string): void {
    const channels = this.#connections.channels;
    if (channel === channels.loads) {
      this.#claims.released(raw);
      return;
    }
    if (channel === channels.confirmations) {
      const confirmation = JSON.parse(raw) as ConfirmationMessage;
      if (confirmation.to === this.#instanceId) this.#confirmations.confirm(confirmation.id, confirmation.from);
      return;
    }
    if (channel !== channels.invalidations) return;
    const message = JSON.parse(raw) as InvalidationMessage & { seq?: string };
    this.#connections.see(message.seq);
    if (message.from === this.#instanceId) {
      // Our own: the listeners ran when the script answered; if that answer was lost (a time-out,
      // so a 503), the copies must still need Redis's word. Our subscriber confirms it as read.
      this.#copies.invalidate();
      this.#confirmations.confirm(message.id, this.#instanceId);
      return;
    }
    this.#notify(message.tags);
    const confirmation: ConfirmationMessage = { to: message.from, id: message.id, from: this.#instanceId };
    this.#connections.client
      .publish(channels.confirmations, JSON.stringify(confirmation))
      .catch((error: unknown) => this.#connections.failed(error));
  }

  #notify(tags: readonly string[]): void {
    // Every copy needs Redis's word again (local-copies.ts).
    this.#copies.invalidate();
    // Waiters for another instance's load re-check: a claim from before this is void.
    this.#claims.wakeAll();
    for (const listener of this.#listeners) listener(tags);
  }

  /** One heartbeat (see the top of this file), refreshing Redis's LRU for the keys memory answered. Never rejects. */
  async #heartbeat(): Promise<void> {
    // A subscription that failed while the connection changed under it (a failover) can leave the
    // subscriber ready but unsubscribed, with no new `ready` to come: subscribe again.
    const { subscriber } = this.#connections;
    if (!this.#listening && !this.#subscribing && subscriber.status === 'ready') this.#subscription = this.#subscribe();
    if (this.#heartbeating || !this.#listening) return;
    this.#heartbeating = true;
    const connections = this.#connections;
    const epoch = this.#epoch;
    const member = [this.#instanceId, this.#registrationWindowMs, ...this.#copies.takeTouched()];
    try {
      const registering = performance.now();
      await connections.run('heartbeat', () =>
        connections.client.catalogHeartbeat(...connections.scriptKeys(), ...member),
      );
      const sentAt = performance.now();
      // A registration answered this late may be close to the end of its window in Redis's clock.
      if (sentAt - registering > REGISTRATION_SLACK_MS / 2) return;
      try {
        await connections.subscriber.ping();
      } catch (error) {
        connections.failed(error);
        if (epoch === this.#epoch && connections.subscriber.status === 'ready') connections.subscriber.disconnect(true);
        return;
      }
      if (epoch === this.#epoch && this.#listening) this.#lease.extend(sentAt);
    } catch {
      // Redis failed: reported by RedisConnections.run; the lease runs out by itself.
    } finally {
      this.#heartbeating = false;
    }
  }
}
