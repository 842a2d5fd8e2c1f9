import type { Logger } from './logger.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const UNPRINTABLE = /[\x00-\x1f\x7f-\x9f\\]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes.
const UNPRINTABLE_ALL = /[\x00-\x1f\x7f-\x9f\\]/g;

/**
 * One access line: method, path, status and the time to the response in ms with one decimal
 * (`GET /healthz 200 0.4ms`). Never headers, query or body, so the revalidation secret cannot
 * reach a log. Control characters of the path are written as `\xNN` ({@link printable}).
 * Built by hand (no `toFixed`, no replace when nothing needs escaping): it runs on every request.
 */
export function accessLine(method: string, path: string, status: number, ms: number): string {
  const tenths = Math.round(ms * 10);
  return `${method} ${printable(path)} ${status} ${Math.trunc(tenths / 10)}.${tenths % 10}ms`;
}

/**
 * `text` with its control characters and backslashes written as `\xNN`, fit for one log line: a
 * request cannot forge a line or colour a terminal (Hono decodes `%0A` and `%1B` in `c.req.path`).
 */
export function printable(text: string): string {
  if (!UNPRINTABLE.test(text)) return text;
  return text.replace(UNPRINTABLE_ALL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * `fetch` that writes one {@link accessLine} per answered request to `logger.info`, with the path
 * as the request carries it (percent-encoded, without the query). The process (main.ts) wraps
 * the app's fetch rather than adding the app's logging middleware: a middleware sends every
 * request through Hono's `compose`, 0.4-0.7 µs more per request, where a warm entry costs about
 * 20 µs in all (docs/host-process.md).
 */
export function withAccessLog<Rest extends unknown[]>(
  fetch: (request: Request, ...rest: Rest) => Response | Promise<Response>,
  logger: Logger,
): (request: Request, ...rest: Rest) => Response | Promise<Response> {
  return (request, ...rest) => {
    const started = performance.now();
    const log = (response: Response) => {
      logger.info(accessLine(request.method, pathOf(request.url), response.status, performance.now() - started));
      return response;
    };
    const answer = fetch(request, ...rest);
    return answer instanceof Promise ? answer.then(log) : log(answer);
  };
}

/** The path of an absolute URL, without its query. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const query = url.indexOf('?', start);
  return query === -1 ? url.slice(start) : url.slice(start, query);
}
