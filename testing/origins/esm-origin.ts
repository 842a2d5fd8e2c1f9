import { Hono } from 'hono';
import { closeServer, listen, serverUrl } from './artifacts-origin.js';

/** One path of the ESM origin: JavaScript source, or another answer. */
export type EsmResource =
  | string
  | { readonly redirect: string; readonly status?: number }
  | { readonly status: number; readonly body?: string; readonly contentType?: string; readonly delayMs?: number };

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

/**
 * A real HTTP server on 127.0.0.1 serving ES modules by pathname (the query, as esm.sh's
 * `?target=&external=`, is accepted and ignored), with redirects, any status and content type,
 * and a request count per path.
 */
export async function startEsmOrigin(
  resources: Readonly<Record<string, EsmResource>> = {},
  listenPort = 0,
): Promise<EsmOrigin> {
  const table = new Map(Object.entries(resources));
  const counts = new Map<string, number>();
  const app = new Hono();
  app.get('*', async (c) => {
    const pathname = new URL(c.req.url).pathname;
    counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
    const resource = table.get(pathname) ?? table.get(decodeURIComponent(pathname));
    if (resource === undefined) return c.text('Not found', 404);
    if (typeof resource === 'string') return c.body(resource, 200, { 'content-type': 'application/javascript' });
    if ('redirect' in resource) return c.redirect(resource.redirect, (resource.status ?? 302) as 302);
    if (resource.delayMs) await new Promise((resolve) => setTimeout(resolve, resource.delayMs));
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
