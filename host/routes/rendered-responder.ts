import type { Context } from 'hono';
import type { RenderedJson } from '../rendered-json.js';
import { CORS_HEADERS } from './cors-headers.js';

/** Answers a cached body: 200 with its ETag, or 304 to a matching `If-None-Match`. */
export type RenderedResponder<T extends RenderedJson> = (c: Context, rendered: T) => Response;

/** A route's own headers of its 200 answers: its content type, and one header of the route's. */
export interface RouteHeaders<T extends RenderedJson> {
  readonly contentType: string;
  /** The route's header (lower case): the host API version, the compiled module's externals. */
  readonly name: string;
  /** Its value for a body. */
  value(rendered: T): string;
}

const ALLOW_ORIGIN = CORS_HEADERS['access-control-allow-origin'];
const EXPOSE_HEADERS = CORS_HEADERS['access-control-expose-headers'];

/**
 * A responder for cached bodies. Its 200 headers: CORS, the route's content type and header, ETag
 * and `Cache-Control: no-cache` (a revalidation can change the body under the same URL), as one
 * plain object, which @hono/node-server writes on its fast path. The object is one literal, never
 * a spread: V8 gives an object cloned by a spread a map without transitions, so each property
 * added to it afterwards makes a new map; `{...CORS_HEADERS, ...headers, etag}` took 2.3 µs
 * against 0.03 µs for the literal, a tenth of a warm entry's CPU (docs/host-performance.md "Warm
 * entry"). A matching `If-None-Match` (one of a list, weak or strong, or `*`) gets 304. Done here
 * rather than by hono/etag, which would hash again what the cache already knows.
 */
export function renderedResponder<T extends RenderedJson>(route: RouteHeaders<T>): RenderedResponder<T> {
  const { contentType, name } = route;
  return function respond(c, rendered) {
    const ifNoneMatch = requestHeader(c, 'if-none-match');
    if (ifNoneMatch !== undefined && matches(ifNoneMatch, rendered.etag)) {
      return new Response(null, {
        status: 304,
        headers: {
          'access-control-allow-origin': ALLOW_ORIGIN,
          'access-control-expose-headers': EXPOSE_HEADERS,
          etag: rendered.etag,
          'cache-control': 'no-cache',
        },
      });
    }
    return new Response(rendered.body, {
      status: 200,
      headers: {
        'access-control-allow-origin': ALLOW_ORIGIN,
        'access-control-expose-headers': EXPOSE_HEADERS,
        'content-type': contentType,
        [name]: route.value(rendered),
        etag: rendered.etag,
        'cache-control': 'no-cache',
      },
    });
  };
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
