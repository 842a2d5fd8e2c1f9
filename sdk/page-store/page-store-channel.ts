import type { PageStoreEvent } from './page-store.js';

/**
 * Tabs of one page store tell each other of their saves and deletes (BroadcastChannel). A
 * message is never echoed to the tab that sent it.
 */
export class PageStoreChannel {
  readonly #channel: BroadcastChannel | undefined;
  readonly #listeners = new Set<(event: PageStoreEvent) => void>();

  constructor(name: string) {
    this.#channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(name);
    this.#channel?.addEventListener('message', (message: MessageEvent<PageStoreEvent>) => {
      for (const listener of this.#listeners) listener(message.data);
    });
  }

  /** Tells the other tabs. */
  post(event: PageStoreEvent): void {
    this.#channel?.postMessage(event);
  }

  /** Listens to the other tabs. */
  subscribe(listener: (event: PageStoreEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close(): void {
    this.#listeners.clear();
    this.#channel?.close();
  }
}
