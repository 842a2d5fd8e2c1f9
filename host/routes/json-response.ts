import type { Context } from 'hono';
import type { RenderedJson } from '../rendered-json.js';

/**
 * Answers with a cached serialised body and its ETag. The `etag` middleware on the route sees
 * the header and turns a matching `If-None-Match` into 304; browsers must revalidate every time
 * (`no-cache`) because a revalidation can change the body under the same URL.
 */
export function jsonResponse(c: Context, rendered: RenderedJson): Response {
  return c.body(rendered.body, 200, {
    'content-type': 'application/json; charset=utf-8',
    etag: rendered.etag,
    'cache-control': 'no-cache',
  });
}
