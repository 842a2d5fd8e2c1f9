import type { CatalogClient, PageStore } from '../../sdk/index.js';

/** The page hooks of design.md (`window.playground`), for tests and automation. */
export interface PlaygroundHooks {
  readonly client: CatalogClient;
  readonly store: PageStore;
  /** The page being edited (`?page=<id>`, default `home`). */
  readonly pageId: string;
  /** What a user's insert does; resolves with the instance id once it is rendered. */
  insert(packageId: string): Promise<string>;
}

declare global {
  interface Window {
    playground?: PlaygroundHooks;
  }
}
