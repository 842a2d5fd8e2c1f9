import type { StrapiSchema } from '../../sdk/strapi/strapi-schema.js';

/** What the editor needs of the playground's Strapi (docs/playground.md "On Strapi"). */
export interface PlaygroundStrapiStore {
  readonly url: string;
  /** A full-access API token of this Strapi, made at its start (a local development token). */
  readonly token: string;
  /** generated/registries/strapi-schema.json of the example schema package. */
  readonly schema: StrapiSchema;
}

/**
 * Which page store the stack chose, as the editor page receives it (a Vite define): IndexedDB
 * (`npm start`) or Strapi (`npm run start:strapi`). Types only: the stack (Node) and the editor
 * (browser) both import it.
 */
export type PlaygroundPageStoreChoice =
  | { readonly kind: 'indexeddb' }
  | ({ readonly kind: 'strapi' } & PlaygroundStrapiStore);
