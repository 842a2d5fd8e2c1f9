import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A connect middleware (what Vite's dev and preview servers take). */
export type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers of a worker script (docs/service-worker.md "Serving the worker"). */
export const WORKER_SCRIPT_HEADERS = {
  'Content-Type': 'text/javascript',
  // Browsers check a worker's script for updates; `no-cache` makes every check reach the server.
  'Cache-Control': 'no-cache',
} as const;

/**
 * Answers GET and HEAD of each served URL path (`files`: URL path → file) with its file, read at
 * each request (an upgraded package is served without a restart), whatever the query:
 * `registerCatalogWorker` puts the configuration there. A file that is not there (a preview of a
 * build made without the plugin) is left to the next middleware, as is every other request.
 */
export function serveWorkerScripts(files: ReadonlyMap<string, string>): Middleware {
  return function catalogWorkerScripts(request, response, next) {
    const [path = ''] = (request.url ?? '').split('?');
    const file = files.get(path);
    if (file === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      next();
      return;
    }
    readFile(file).then(
      (bytes) => {
        response.writeHead(200, { ...WORKER_SCRIPT_HEADERS, 'Content-Length': bytes.length });
        response.end(request.method === 'HEAD' ? undefined : bytes);
      },
      (error: NodeJS.ErrnoException) => next(error.code === 'ENOENT' ? undefined : error),
    );
  };
}
