import { HOST_ROUTES, WORKER_PARAMS } from '@runtime-component-catalog/contracts';

/** The worker's configuration, read once from its script URL's query (contracts WORKER_PARAMS). */
export interface WorkerConfig {
  readonly hostOrigin: string;
  readonly catalogUrl: string | undefined;
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

/** Defaults: 50 MiB of mirror, 4 s to wait for the host before answering from the mirror. */
export const WORKER_DEFAULTS = { maxBytes: 50 * 1024 * 1024, timeoutMs: 4_000 } as const;

/** Reads the configuration; the host defaults to the worker's own origin. */
export function resolveWorkerConfig(scriptUrl: URL): WorkerConfig {
  const params = scriptUrl.searchParams;
  const positive = (name: string, fallback: number) => {
    const value = Number(params.get(name));
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  const catalog = params.get(WORKER_PARAMS.catalog);
  return {
    hostOrigin: new URL(params.get(WORKER_PARAMS.host) ?? scriptUrl.origin).origin,
    catalogUrl: catalog === null ? undefined : new URL(catalog, scriptUrl).href,
    maxBytes: positive(WORKER_PARAMS.maxBytes, WORKER_DEFAULTS.maxBytes),
    timeoutMs: positive(WORKER_PARAMS.timeoutMs, WORKER_DEFAULTS.timeoutMs),
  };
}

/** Whether the worker mirrors `url`: the host's entry, artifact and remote-component routes, and the catalog. */
export function isMirrored(config: WorkerConfig, url: URL): boolean {
  if (url.href === config.catalogUrl) return true;
  if (url.origin !== config.hostOrigin) return false;
  return url.pathname.startsWith(`${HOST_ROUTES.runtimeCatalog}/`) || url.pathname === HOST_ROUTES.remoteComponent;
}
