import { readFile, realpath } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { Hono } from 'hono';
import { closeServer, listen, serverUrl } from './artifacts-origin.js';

/** One path of the ESM origin: JavaScript source, or another answer. */
export type EsmResource =
  | string
  | { readonly redirect: string; readonly status?: number }
  | {
      readonly status: number;
      readonly body?: string;
      readonly contentType?: string;
      readonly delayMs?: number;
      /** Answers only once `gate` settles: a fetch that stays in flight until the test lets it end. */
      readonly gate?: Promise<unknown>;
    };

/** A running local ESM origin shaped like esm.sh. */
export interface EsmOrigin {
  /** `http://127.0.0.1:<port>` (the ESM_ORIGIN is this plus the modules' path prefix). */
  readonly url: string;
  /** Requests received for `pathname`, or for every path when omitted. */
  requests(pathname?: string): number;
  /** Request counts by path. */
  counts(): Record<string, number>;
  /** Sets (or replaces) what `pathname` answers. */
  set(pathname: string, resource: EsmResource): void;
  close(): Promise<void>;
}

/** A folder the origin serves under a path prefix, as the embedded default's ESM store. */
export interface EsmFolder {
  /** The path prefix, `/esm`: `/esm/<key>` serves `<dir>/<key>`. */
  readonly prefix: string;
  readonly dir: string;
}

/**
 * The file for `pathname` in `folder`: `<dir>/<key>`, or `<dir>/<key>.mjs` (esm.sh's package URL
 * `<name>@<version>` names a stub whose build lives in the folder `<name>@<version>/`; on disk a
 * file and a folder cannot share a name, so publish stores the stub as `<name>@<version>.mjs`).
 * Nothing outside the folder is served.
 */
async function readFromFolder(folder: EsmFolder, pathname: string): Promise<string | undefined> {
  if (!pathname.startsWith(`${folder.prefix}/`)) return undefined;
  const key = decodeURIComponent(pathname.slice(folder.prefix.length + 1));
  const root = await realpath(folder.dir).catch(() => undefined);
  if (root === undefined) return undefined;
  for (const candidate of [key, `${key}.mjs`]) {
    const path = await realpath(resolve(root, candidate)).catch(() => undefined);
    if (path === undefined || !path.startsWith(`${root}${sep}`)) continue;
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text !== undefined) return text;
  }
  return undefined;
}

/**
 * A real HTTP server on 127.0.0.1 serving ES modules by pathname (the query, as esm.sh's
 * `?target=&external=`, is accepted and ignored), with redirects, any status and content type,
 * and a request count per path; paths not set are read from `options.folder` when given.
 */
export async function startEsmOrigin(
  resources: Readonly<Record<string, EsmResource>> = {},
  listenPort = 0,
  options: { readonly folder?: EsmFolder } = {},
): Promise<EsmOrigin> {
  const table = new Map(Object.entries(resources));
  const counts = new Map<string, number>();
  const app = new Hono();
  app.get('*', async (c) => {
    const pathname = new URL(c.req.url).pathname;
    counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
    const resource =
      table.get(pathname) ??
      table.get(decodeURIComponent(pathname)) ??
      (options.folder === undefined ? undefined : await readFromFolder(options.folder, pathname));
    if (resource === undefined) return c.text('Not found', 404);
    if (typeof resource === 'string') return c.body(resource, 200, { 'content-type': 'application/javascript' });
    if ('redirect' in resource) return c.redirect(resource.redirect, (resource.status ?? 302) as 302);
    if (resource.delayMs) await new Promise((resolve) => setTimeout(resolve, resource.delayMs));
    if (resource.gate) await resource.gate.catch(() => {});
    return c.body(resource.body ?? '', resource.status as 200, {
      'content-type': resource.contentType ?? 'application/javascript',
    });
  });
  const server = await listen(app, listenPort);
  return {
    url: serverUrl(server),
    requests: (pathname) =>
      pathname === undefined ? [...counts.values()].reduce((sum, n) => sum + n, 0) : (counts.get(pathname) ?? 0),
    counts: () => Object.fromEntries(counts),
    set: (pathname, resource) => table.set(pathname, resource),
    close: () => closeServer(server),
  };
}
