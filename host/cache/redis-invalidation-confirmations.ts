/** Published on `<prefix>invalidations` by the instance that invalidated (in the script). */
export interface InvalidationMessage {
  readonly from: string;
  readonly id: string;
  readonly tags: readonly string[];
}

/** Published on `<prefix>confirmations` by each other instance once its listeners ran. */
export interface ConfirmationMessage {
  readonly to: string;
  readonly id: string;
}

interface Pending {
  confirmed: number;
  expected: number | undefined;
  readonly done: Promise<void>;
  resolve(): void;
}

/**
 * The confirmations that one store's invalidations wait for: every subscriber that `PUBLISH`
 * reached (the store's own included) confirms once its listeners ran, and only then is the
 * invalidation answered. Opened before the publish, since confirmations may arrive (on the
 * subscriber connection) before the script's own answer does.
 */
export class InvalidationConfirmations {
  readonly #pending = new Map<string, Pending>();

  /** Starts counting the confirmations of invalidation `id`. */
  open(id: string): void {
    let resolve!: () => void;
    const done = new Promise<void>((settle) => {
      resolve = settle;
    });
    this.#pending.set(id, { confirmed: 0, expected: undefined, done, resolve });
  }

  /** One confirmation of `id` arrived (ignored when nobody waits for it). */
  confirm(id: string): void {
    const pending = this.#pending.get(id);
    if (pending === undefined) return;
    pending.confirmed += 1;
    this.#settle(pending);
  }

  /**
   * Waits until `expected` confirmations of `id` arrived, at most `timeoutMs`; resolves to the
   * number still missing (0: all confirmed). Forgets `id` either way.
   */
  async wait(id: string, expected: number, timeoutMs: number): Promise<number> {
    const pending = this.#pending.get(id);
    if (pending === undefined) return expected;
    pending.expected = expected;
    this.#settle(pending);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await Promise.race([pending.done, timedOut]);
      return Math.max(0, expected - pending.confirmed);
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
    if (pending.expected !== undefined && pending.confirmed >= pending.expected) pending.resolve();
  }
}
