import { HOST_ROUTES, WORKER_PARAMS } from '@runtime-component-catalog/contracts';
import { CatalogRoutesError } from './catalog-routes-error.js';
import type { CatalogRoutesOptions } from './catalog-routes-options.js';

/** The worker's configuration, read once from its script URL's query (contracts WORKER_PARAMS). */
export interface WorkerConfig {
  readonly hostOrigin: string;
  readonly catalogUrl: string | undefined;
  readonly maxBytes: number;
  readonly timeoutMs: number;
  /** Mirror the editor's app shell (opt-in): its page and same-origin static resources. */
  readonly appShell: boolean;
  /** The worker's own script, never mirrored. */
  readonly scriptPath: string;
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
    appShell: params.get(WORKER_PARAMS.appShell) === '1',
    scriptPath: scriptUrl.pathname,
  };
}

/**
 * Reads the configuration from `registerCatalogRoutes` options (then the script URL's query is not
 * read). Options are code, not a URL a page built: a value that cannot configure the routes throws
 * a CatalogRoutesError (`invalid-option`) instead of falling back to the default.
 */
export function configFromOptions(options: CatalogRoutesOptions, scriptUrl: URL): WorkerConfig {
  const url = (option: 'hostUrl' | 'catalogUrl', value: string): URL => {
    try {
      return new URL(value, scriptUrl);
    } catch (cause) {
      throw new CatalogRoutesError('invalid-option', option, `Invalid ${option}: ${JSON.stringify(value)}`, { cause });
    }
  };
  const positive = (option: 'maxBytes' | 'timeoutMs', value: number | undefined, fallback: number): number => {
    if (value === undefined) return fallback;
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
    throw new CatalogRoutesError('invalid-option', option, `Invalid ${option}: ${String(value)} (a positive number)`);
  };
  if (options.appShell !== undefined && typeof options.appShell !== 'boolean') {
    throw new CatalogRoutesError('invalid-option', 'appShell', `Invalid appShell: ${String(options.appShell)}`);
  }
  return {
    hostOrigin: options.hostUrl === undefined ? scriptUrl.origin : url('hostUrl', options.hostUrl).origin,
    catalogUrl: options.catalogUrl === undefined ? undefined : url('catalogUrl', options.catalogUrl).href,
    maxBytes: positive('maxBytes', options.maxBytes, WORKER_DEFAULTS.maxBytes),
    timeoutMs: positive('timeoutMs', options.timeoutMs, WORKER_DEFAULTS.timeoutMs),
    appShell: options.appShell === true,
    scriptPath: scriptUrl.pathname,
  };
}

/** What the browser loads for the editor page itself: its app shell (a request's `destination`). */
const APP_SHELL_DESTINATIONS = new Set(['document', 'script', 'style', 'font', 'image', 'manifest']);

/**
 * Whether a request belongs to the editor's app shell (opt-in): a same-origin GET of the page or
 * of a static resource it loads, other than the worker itself and the mirrored host routes.
 */
export function isAppShell(config: WorkerConfig, url: URL, destination: string, workerOrigin: string): boolean {
  if (!config.appShell || url.origin !== workerOrigin || url.pathname === config.scriptPath) return false;
  return APP_SHELL_DESTINATIONS.has(destination) && !isMirrored(config, url);
}

/**
 * The mirror key of an app shell URL: a page without its query and fragment (the editor is one
 * page whatever `?page=` it opens), any other resource as it is.
 */
export function appShellKey(url: URL, destination: string): string {
  if (destination !== 'document') return url.href;
  return `${url.origin}${url.pathname}`;
}

/** Whether the worker mirrors `url`: the host's entry, artifact and remote-component routes, and the catalog. */
export function isMirrored(config: WorkerConfig, url: URL): boolean {
  if (url.href === config.catalogUrl) return true;
  if (url.origin !== config.hostOrigin) return false;
  return url.pathname.startsWith(`${HOST_ROUTES.runtimeCatalog}/`) || url.pathname === HOST_ROUTES.remoteComponent;
}

/**
 * Whether the last good mirrored copy of `url` may stand in for a host server error: an entry or
 * a compiled module, the two answers that rendering a saved instance needs (a broken artifact of
 * its package makes the host's entry a 502). Artifacts never: defaults and fields must show the
 * host's error where they are needed.
 */
export function keepsLastGood(config: WorkerConfig, url: URL): boolean {
  if (url.origin !== config.hostOrigin) return false;
  if (url.pathname === HOST_ROUTES.remoteComponent) return true;
  const rest = url.pathname.slice(HOST_ROUTES.runtimeCatalog.length + 1);
  return url.pathname.startsWith(`${HOST_ROUTES.runtimeCatalog}/`) && rest !== '' && !rest.includes('/');
}
