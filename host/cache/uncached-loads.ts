// Loads that no cache can vouch for (docs/cache-outages.md "Degraded reads"): while the shared store
// cannot be used, every read goes to the origins. Two rules make that bounded and fresh:
//
// - At most one load per key runs at a time in this process: concurrent callers share one.
// - A caller never shares a load that started before it arrived: a revalidation that another
//   instance answered 200 just before this request may have changed the origin after that load
//   read it, and this instance, cut off from the bus, cannot hear it. A caller arriving while a
//   load runs waits for the next one, which starts when the running one ends and is shared by every
//   caller that arrived meanwhile. So every answer was read from the origin after its request
//   arrived, and a key never has more than one load running and one waiting.

/** The loads of one key: the chain of runs, and the one waiting to start (shared by its callers). */
interface KeyLoads {
  /** Settles when the last run started so far has settled. */
  tail: Promise<void>;
  /** The run that has not started yet: new callers join it. */
  waiting: Promise<unknown> | undefined;
}

/** One running and at most one waiting load per key, each answering only callers that came before it started. */
export class UncachedLoads {
  readonly #keys = new Map<string, KeyLoads>();

  /** `load()`, shared with the callers of `key` that arrived since the running load (if any) started. */
  load<T>(key: string, load: () => Promise<T>): Promise<T> {
    let loads = this.#keys.get(key);
    if (loads?.waiting !== undefined) return loads.waiting as Promise<T>;
    if (loads === undefined) {
      loads = { tail: Promise.resolve(), waiting: undefined };
      this.#keys.set(key, loads);
    }
    const entry = loads;
    const run = entry.tail.then(() => {
      entry.waiting = undefined;
      return load();
    });
    entry.waiting = run;
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    entry.tail = settled;
    void settled.then(() => {
      if (entry.tail === settled && this.#keys.get(key) === entry) this.#keys.delete(key);
    });
    return run;
  }

  /** Keys with a load running or waiting (for tests and metrics). */
  get size(): number {
    return this.#keys.size;
  }
}
