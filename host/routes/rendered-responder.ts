import type { Context } from 'hono';
import type { RenderedJson } from '../rendered-json.js';
import { preferredCoding } from './accept-encoding.js';
import {
  CompressedBodies,
  type CompressedBody,
  type CompressedBytes,
  MIN_COMPRESSED_LENGTH,
} from './compressed-bodies.js';
import { CORS_HEADERS } from './cors-headers.js';

/**
 * Answers a cached body: 200 with its ETag, or 304 to a matching `If-None-Match`; compressed when
 * the request accepts it. A promise only while the body's first compression in that coding runs.
 */
export type RenderedResponder<T extends RenderedJson> = (c: Context, rendered: T) => Response | Promise<Response>;

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
const VARY = 'accept-encoding';

/**
 * A responder for cached bodies. Its 200 headers: CORS, the route's content type and header, ETag,
 * `Cache-Control: no-cache` (a revalidation can change the body under the same URL) and `Vary:
 * Accept-Encoding`, as one plain object, which @hono/node-server writes on its fast path. The
 * object is one literal, never a spread: V8 gives an object cloned by a spread a map without
 * transitions, so each property added to it afterwards makes a new map, and every answer's headers
 * have a shape no inline cache has seen (the cost of `{...CORS_HEADERS, ...headers, etag}`:
 * docs/host-performance.md "Warm entry", `npm run bench -- "warm entry CPU"`). A matching
 * `If-None-Match` (one of a list, weak or strong, or `*`) gets 304. Done here rather than by
 * hono/etag, which would hash again what the cache already knows.
 *
 * Compression (docs/compression.md): a body of at least {@link MIN_COMPRESSED_LENGTH} characters,
 * asked for with `Accept-Encoding` accepting br or gzip, is answered in that coding, with its own
 * ETag (`"…-br"`, `"…-gzip"`), against which `If-None-Match` is compared: a 304 needs no
 * compression. The compressed bytes are made once per body, on the first request of that coding,
 * and kept with it (`bodies`, compressed-bodies.ts); a warm compressed answer is as synchronous
 * as a plain one.
 */
export function renderedResponder<T extends RenderedJson>(
  route: RouteHeaders<T>,
  bodies: CompressedBodies = new CompressedBodies(),
): RenderedResponder<T> {
  const { contentType, name } = route;

  function compressedAnswer(rendered: T, form: CompressedBody, bytes: CompressedBytes): Response {
    return new Response(bytes, {
      status: 200,
      headers: {
        'access-control-allow-origin': ALLOW_ORIGIN,
        'access-control-expose-headers': EXPOSE_HEADERS,
        'content-type': contentType,
        'content-encoding': form.coding,
        [name]: route.value(rendered),
        etag: form.etag,
        'cache-control': 'no-cache',
        vary: VARY,
      },
    });
  }

  function plainAnswer(rendered: T): Response {
    return new Response(rendered.body, {
      status: 200,
      headers: {
        'access-control-allow-origin': ALLOW_ORIGIN,
        'access-control-expose-headers': EXPOSE_HEADERS,
        'content-type': contentType,
        [name]: route.value(rendered),
        etag: rendered.etag,
        'cache-control': 'no-cache',
        vary: VARY,
      },
    });
  }

  return function respond(c, rendered) {
    const incoming = incomingHeaders(c);
    const coding =
      rendered.body.length < MIN_COMPRESSED_LENGTH
        ? undefined
        : preferredCoding(requestHeader(c, incoming, 'accept-encoding'));
    const form = coding === undefined ? undefined : bodies.of(rendered, coding);
    const etag = form === undefined ? rendered.etag : form.etag;
    const ifNoneMatch = requestHeader(c, incoming, 'if-none-match');
    if (ifNoneMatch !== undefined && matches(ifNoneMatch, etag)) return notModified(etag);
    if (form === undefined) return plainAnswer(rendered);
    const bytes = form.bytes;
    if (bytes !== undefined) return compressedAnswer(rendered, form, bytes);
    // A failed compression (none is expected) answers the plain body; the next request tries again.
    return form.compressed().then(
      (compressed) => compressedAnswer(rendered, form, compressed),
      () => plainAnswer(rendered),
    );
  };
}

function notModified(etag: string): Response {
  return new Response(null, {
    status: 304,
    headers: {
      'access-control-allow-origin': ALLOW_ORIGIN,
      'access-control-expose-headers': EXPOSE_HEADERS,
      etag,
      'cache-control': 'no-cache',
      vary: VARY,
    },
  });
}

function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** A request's headers as Node's IncomingMessage holds them. */
type IncomingHeaders = Record<string, string | string[] | undefined>;

/**
 * The headers of Node's IncomingMessage when served by @hono/node-server (building the Web
 * `Headers` of a request costs more than the rest of a warm answer); undefined otherwise.
 */
function incomingHeaders(c: Context): IncomingHeaders | undefined {
  return (c.env as { incoming?: { headers: IncomingHeaders } } | undefined)?.incoming?.headers;
}

/** A request header, from `incoming` when there, else from the Web request (`app.request`, other runtimes). */
function requestHeader(c: Context, incoming: IncomingHeaders | undefined, name: string): string | undefined {
  if (incoming !== undefined) {
    const value = incoming[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return c.req.header(name);
}
