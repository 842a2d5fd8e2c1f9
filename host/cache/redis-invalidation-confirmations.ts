/** Published on `<prefix>invalidations` by the instance that invalidated (in the script). */
export interface InvalidationMessage {
  readonly from: string;
  readonly id: string;
  readonly tags: readonly string[];
}

/** Published on `<prefix>confirmations` by each other instance once its listeners ran. */
export interface ConfirmationMessage {
  /** The instance that invalidated. */
  readonly to: string;
  /** The invalidation. */
  readonly id: string;
  /** The instance that confirms. */
  readonly from: string;
}

interface Pending {
  readonly confirmed: Set<string>;
  expected: ReadonlySet<string> | undefined;
  readonly done: Promise<void>;
  resolve(): void;
}

/**
 * The confirmations that one store's invalidations wait for: every instance that may hold a bus
 * lease (the store's own included) confirms once its listeners ran. Opened before the publish,
 * since confirmations may arrive (on the subscriber connection) before the script's own answer.
 */
export class InvalidationConfirmations {
  readonly #pending = new Map<string, Pending>();

  /** Starts collecting the confirmations of invalidation `id`. */
  open(id: string): void {
    let resolve!: () => void;
    const done = new Promise<void>((settle) => {
      resolve = settle;
    });
    this.#pending.set(id, { confirmed: new Set(), expected: undefined, done, resolve });
  }

  /** Instance `from` confirmed `id` (ignored when nobody waits for it). */
  confirm(id: string, from: string): void {
    const pending = this.#pending.get(id);
    if (pending === undefined) return;
    pending.confirmed.add(from);
    this.#settle(pending);
  }

  /**
   * Waits until every instance of `expected` confirmed `id`, at most `timeoutMs`; resolves to the
   * instances that did not. Forgets `id` either way.
   */
  async wait(id: string, expected: readonly string[], timeoutMs: number): Promise<string[]> {
    const pending = this.#pending.get(id);
    if (pending === undefined) return [...expected];
    pending.expected = new Set(expected);
    this.#settle(pending);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await Promise.race([pending.done, timedOut]);
      return expected.filter((member) => !pending.confirmed.has(member));
    } finally {
      clearTimeout(timer);
      this.#pending.delete(id);
    }
  }

  /** Forgets `id` (its invalidation failed before it was published). */
  close(id: string): void {
    this.#pending.delete(id);
  }

  #settle(pending: Pending): void {
    if (pending.expected === undefined) return;
    for (const member of pending.expected) if (!pending.confirmed.has(member)) return;
    pending.resolve();
  }
}
