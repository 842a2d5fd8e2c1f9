/**
 * Options of `registerCatalogRoutes`, for a worker of your own that carries the catalog's routes
 * (docs/service-worker.md "Coexisting with another worker"). Given, they are the whole
 * configuration and the worker's script URL query is not read; not given, the query that
 * `registerCatalogWorker` put in the script URL configures the routes, as in the catalog's own worker.
 */
export interface CatalogRoutesOptions {
  /** The host whose answers are mirrored: its origin or any URL of it (default: the worker's origin). */
  readonly hostUrl?: string;
  /** The lightweight catalog's URL, mirrored too; relative URLs are read against the worker's script URL. */
  readonly catalogUrl?: string;
  /** Mirror limit in bytes, least recently used first (default 50 MiB). */
  readonly maxBytes?: number;
  /** How long to wait for the host before the mirror answers, in ms (default 4,000). */
  readonly timeoutMs?: number;
  /**
   * Mirror the editor's app shell too (default false). Leave it off when your worker caches the
   * app shell: the catalog's routes answer first, so they would take those requests from your cache.
   */
  readonly appShell?: boolean;
}
