import { CatalogWorkerPluginError } from './catalog-worker-plugin-error.js';

/**
 * A path the plugin serves and emits: `/`, then segments of URL-safe characters that do not start
 * with a dot (no `.`, `..` or hidden files, nothing to escape in a URL or a file name), the last
 * ending in `.js` so that any static host sends it as JavaScript, which a service worker needs.
 */
const WORKER_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+\.js$/;

/** Checks a `path` or `routesPath` option; answers it as given (it is already normal). */
export function checkWorkerPath(option: 'path' | 'routesPath', value: unknown): string {
  if (typeof value === 'string' && WORKER_PATH.test(value)) return value;
  throw new CatalogWorkerPluginError(
    'invalid-path',
    option,
    `Invalid ${option} for the catalog worker plugin: ${JSON.stringify(value)}. Give a path under Vite's base ` +
      'such as "/catalog-sw.js": segments of letters, digits, "-", "_", "." and "~" that do not start with a dot, ending in ".js".',
  );
}

/** The URL path a dev or preview server answers for `path` under Vite's `base` (`/editor/` + `/catalog-sw.js`). */
export function servedPath(base: string, path: string): string {
  // `base` may be a full URL (a CDN) or relative (`./`): the editor's origin serves its pathname.
  const basePath = new URL(base, 'http://base.invalid/').pathname;
  return `${basePath.replace(/\/$/, '')}${path}`;
}

/** The file name `vite build` writes for `path`, relative to the output folder (`catalog-sw.js`). */
export function emittedFileName(path: string): string {
  return path.slice(1);
}
