import type { Context } from 'hono';
import type { RenderedJson } from '../rendered-json.js';
import { CORS_HEADERS } from './cors-headers.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' } as const;

/** A serialised JSON body with its ETag, answered by {@link jsonResponse}. */
export function jsonResponse(c: Context, rendered: RenderedJson): Response {
  return renderedResponse(c, rendered, JSON_HEADERS);
}

/**
 * The 200 headers of each cached body, built once: a warm answer allocates no header object.
 * (@hono/node-server adds `Content-Length` to the object, which is the same for the same body.)
 * `headers` must depend only on `rendered`, as every caller's do.
 */
const okHeaders = new WeakMap<RenderedJson, Record<string, string>>();

/**
 * Answers with a cached body and its precomputed ETag; a matching `If-None-Match` (one of a
 * list, weak or strong, or `*`) gets 304 with the ETag and no body. Browsers must revalidate
 * every time (`no-cache`): a revalidation can change the body under the same URL. Done here
 * rather than by hono/etag, which would hash again what we already know.
 */
export function renderedResponse(
  c: Context,
  rendered: RenderedJson,
  headers: Readonly<Record<string, string>>,
): Response {
  const ifNoneMatch = requestHeader(c, 'if-none-match');
  // A plain header object (not c.body with several headers, which builds a Headers instance)
  // keeps @hono/node-server on its fast path: this is the warm path the benchmark measures.
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, rendered.etag)) {
    return new Response(null, {
      status: 304,
      headers: { ...CORS_HEADERS, etag: rendered.etag, 'cache-control': 'no-cache' },
    });
  }
  let ok = okHeaders.get(rendered);
  if (ok === undefined) {
    ok = { ...CORS_HEADERS, ...headers, etag: rendered.etag, 'cache-control': 'no-cache' };
    okHeaders.set(rendered, ok);
  }
  return new Response(rendered.body, { status: 200, headers: ok });
}

function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Reads a request header from Node's IncomingMessage when served by @hono/node-server (building
 * the Web `Headers` of a request costs more than the rest of a warm answer), else from the
 * Web request (`app.request`, other runtimes).
 */
function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: { headers: Record<string, string | string[] | undefined> } } | undefined)
    ?.incoming;
  if (incoming !== undefined) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return c.req.header(name);
}
