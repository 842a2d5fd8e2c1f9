/** The delays of the retries after a failed save: then every minute. */
const RETRY_MS = [2_000, 5_000, 10_000, 30_000, 60_000];

/**
 * When an editing session tries a failed save again (docs/sdk-edit-journal.md): on the browser's
 * `online` event, and on a timer that backs off (`navigator.onLine` is no proof the store answers).
 */
export class SaveRetry {
  readonly #retry: () => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #failures = 0;

  constructor(retry: () => void) {
    this.#retry = retry;
    globalThis.addEventListener?.('online', this.#retry);
  }

  /** A save failed: try again after the next delay. */
  later(): void {
    clearTimeout(this.#timer);
    const delay = RETRY_MS[Math.min(this.#failures, RETRY_MS.length - 1)];
    this.#failures += 1;
    this.#timer = setTimeout(this.#retry, delay);
  }

  /** A save is starting: the timer waits for its outcome. */
  pause(): void {
    clearTimeout(this.#timer);
  }

  /** A save went through: the next failure starts from the first delay. */
  reset(): void {
    this.#failures = 0;
  }

  stop(): void {
    clearTimeout(this.#timer);
    globalThis.removeEventListener?.('online', this.#retry);
  }
}
