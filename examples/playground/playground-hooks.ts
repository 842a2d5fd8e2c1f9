import type { CatalogClient, PageStore } from '../../sdk/index.js';

/** The origins the playground runs on (for tests that republish or count requests). */
export interface PlaygroundUrls {
  readonly host: string;
  readonly artifactsOrigin: string;
  readonly esmOrigin: string;
  /** With `npm run start:strapi`: the Strapi holding the pages. */
  readonly strapi?: string;
  /** With `PLAYGROUND_PAGE_STORE=http`: the reference CMS holding the pages (its own URL, not the editor's `/cms`). */
  readonly cms?: string;
}

/** The page hooks of docs/design.md (`window.playground`), for tests and automation. */
export interface PlaygroundHooks {
  readonly client: CatalogClient;
  readonly store: PageStore;
  /** The page being edited (`?page=<id>`, default `home`). */
  readonly pageId: string;
  readonly urls: PlaygroundUrls;
  /**
   * What a user's insert does; resolves with the instance id once it is rendered with its
   * defaults. A failed insert rejects with an error whose `instanceId` names the instance.
   */
  insert(packageId: string): Promise<string>;
  /** Selects the instance, as a click on it does in edit mode (its fields open); null: the page itself. */
  select(instanceId: string | null): void;
  /** Edit mode (a click selects) or interactive mode (clicks reach the components). */
  setMode(mode: 'edit' | 'interactive'): void;
  /** Resolves once every edit so far is stored; rejects on a conflict or a failed save. */
  saved(): Promise<void>;
  /**
   * Resolves, once every journal write asked for so far is complete, to the number of edits kept
   * on this device that the page store has not confirmed (docs/sdk-edit-journal.md).
   */
  pendingEdits(): Promise<number>;
  /**
   * The package version the instance is rendered with (docs/sdk-versions.md): its catalog
   * entry's, or its own saved version's for an instance of another major; undefined before it
   * rendered.
   */
  versionOf(instanceId: string): string | undefined;
  /**
   * What accepting the upgrade preview does: runs the catalog module's migrations on the
   * instance's props and applies them as one edit; resolves once that edit is stored (with the
   * versions and the page's new revision). A failing migration rejects (SdkError
   * `migration-missing` / `migration-failed`) and changes nothing.
   */
  upgrade(instanceId: string): Promise<{ readonly from: string; readonly to: string; readonly revision: number }>;
}

declare global {
  interface Window {
    playground?: PlaygroundHooks;
  }
}
