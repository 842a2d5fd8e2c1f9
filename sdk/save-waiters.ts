import type { EditingSessionState } from './editing-session-state.js';
import { SdkError } from './sdk-error.js';

/** The callers of `EditingSession.saved()` waiting for the saving to settle. */
export class SaveWaiters {
  readonly #waiting = new Set<{ resolve: () => void; reject: (error: unknown) => void }>();

  /** A promise settled by the next `settle`. */
  wait(): Promise<void> {
    return new Promise((resolve, reject) => this.#waiting.add({ resolve, reject }));
  }

  /** Resolves them (saved) or rejects them (error, conflict) with what `state` says. */
  settle(state: EditingSessionState, pageId: string): void {
    for (const waiter of this.#waiting) {
      if (state.status === 'saved' || state.status === 'following') waiter.resolve();
      else if (state.status === 'error') waiter.reject(state.error);
      else waiter.reject(changedElsewhere(pageId));
    }
    this.#waiting.clear();
  }
}

/** What `saved()` rejects with while the user has a conflict to resolve. */
export function changedElsewhere(pageId: string): SdkError {
  return new SdkError('store-conflict', `Page ${pageId} was changed elsewhere`);
}
