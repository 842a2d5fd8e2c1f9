import type { Page } from '@runtime-component-catalog/contracts';
import type { KeptEdits } from './kept-edits.js';

/** What the writing tab tells the tabs that follow it. */
export interface FollowedPage {
  /** The page as the writer shows it, with every edit. */
  readonly page: Page;
  /** The edits the device keeps for it, unconfirmed. */
  readonly kept: KeptEdits;
}

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
  post(followed: FollowedPage): void {
    this.#channel?.postMessage(followed);
  }

  /** Listens to the writer (a follower). */
  listen(listener: (followed: FollowedPage) => void): void {
    this.#channel?.addEventListener('message', (message: MessageEvent<FollowedPage>) => listener(message.data));
  }

  close(): void {
    this.#channel?.close();
  }
}
