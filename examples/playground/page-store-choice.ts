import type { StrapiSchema } from '../../sdk/strapi/strapi-schema.js';
import type { VersionAttributesByKey } from '../../sdk/strapi/version-attributes.js';

/** What the editor needs of the playground's Strapi (docs/playground.md "On Strapi"). */
export interface PlaygroundStrapiStore {
  readonly url: string;
  /** A full-access API token of this Strapi, made at its start (a local development token). */
  readonly token: string;
  /** generated/registries/strapi-schema.json of the example schema package. */
  readonly schema: StrapiSchema;
  /** Each published version's Strapi attributes snapshot, by `<package>@<version>` (absent in the start's define). */
  readonly versionAttributes?: VersionAttributesByKey;
}

/**
 * Which page store the stack chose, as the editor page receives it: a Vite define at the dev
 * server's start, and on Strapi the current one from `GET /__playground/page-store`, which a
 * redeploy changes (docs/playground.md "On Strapi"). Types only: the stack (Node) and the editor
 * (browser) both import it.
 */
export type PlaygroundPageStoreChoice =
  | { readonly kind: 'indexeddb' }
  | ({ readonly kind: 'strapi' } & PlaygroundStrapiStore)
  /**
   * The SDK's HTTP page store on the reference CMS (docs/playground.md "On an HTTP page store"):
   * `baseUrl` is the dev server's path to it (`/cms`), resolved against the page's origin, so that
   * the page, its worker, the host and the CMS share one origin.
   */
  | { readonly kind: 'http'; readonly baseUrl: string };
