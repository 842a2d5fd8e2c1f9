/**
 * The instances of this process waiting for another instance's cluster-wide load of a key: woken
 * by the holder's release message on the bus, or at their own bounded deadline (a holder that
 * died, a message lost with a dropped subscriber).
 */
export class LoadClaimWaiters {
  readonly #waiters = new Map<string, Set<() => void>>();

  /** Resolves when `key` is released, or after `timeoutMs`; never rejects. */
  wait(key: string, timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      let waiters = this.#waiters.get(key);
      if (waiters === undefined) {
        waiters = new Set();
        this.#waiters.set(key, waiters);
      }
      const wake = () => {
        clearTimeout(timer);
        const current = this.#waiters.get(key);
        current?.delete(wake);
        if (current?.size === 0) this.#waiters.delete(key);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      waiters.add(wake);
    });
  }

  /** The holder of `key` released it: every waiter reads the store now. */
  released(key: string): void {
    for (const wake of [...(this.#waiters.get(key) ?? [])]) wake();
  }

  /** Wakes every waiter (the bus dropped: a release may have been missed). */
  releaseAll(): void {
    for (const key of [...this.#waiters.keys()]) this.released(key);
  }
}
