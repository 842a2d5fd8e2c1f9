import type { Page } from '@runtime-component-catalog/contracts';

/**
 * The tab that writes a page tells the tabs that follow it (read-only) what the page is now, with
 * every edit (BroadcastChannel; nothing where the runtime has none).
 */
export class PageFollowChannel {
  readonly #channel: BroadcastChannel | undefined;

  constructor(deviceKey: string, pageId: string) {
    this.#channel =
      typeof BroadcastChannel === 'undefined'
        ? undefined
        : new BroadcastChannel(`runtime-catalog.page:${deviceKey}:${pageId}`);
  }

  /** Tells the followers (the writer). */
  post(page: Page): void {
    this.#channel?.postMessage(page);
  }

  /** Listens to the writer (a follower). */
  listen(listener: (page: Page) => void): void {
    this.#channel?.addEventListener('message', (message: MessageEvent<Page>) => listener(message.data));
  }

  close(): void {
    this.#channel?.close();
  }
}
