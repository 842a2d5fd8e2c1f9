import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { RepublishError } from './republish-error.js';

/** The largest body a POST of the publisher API takes (an artifact is small JSON). */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * The guards of every POST of the publisher API, in order: same origin only (`cross-origin`, 403),
 * declared JSON only (`unsupported-media-type`, 415), at most {@link MAX_BODY_BYTES}
 * (`body-too-large`, 413, answered at the limit: the rest is never read).
 */
export function jsonPost(): [MiddlewareHandler, MiddlewareHandler, MiddlewareHandler] {
  return [
    sameOriginOnly(),
    jsonOnly(),
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        // The rest of the body is never read: the connection cannot carry another request.
        c.header('connection', 'close');
        throw new RepublishError('body-too-large', `Body too large (the limit is ${MAX_BODY_BYTES} bytes)`);
      },
    }),
  ];
}

/** The body as a JSON object, or `invalid-body` (400): `Invalid JSON body`, or `missing` when it is not an object. */
export async function readJsonObject(c: Context, missing: string): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new RepublishError('invalid-body', 'Invalid JSON body');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new RepublishError('invalid-body', missing);
  return body as Record<string, unknown>;
}

/** Refuses a request whose Origin is not this server (`Origin: null`, a sandboxed frame, included). */
function sameOriginOnly(): MiddlewareHandler {
  return async function sameOriginOnly(c, next) {
    const origin = c.req.header('origin');
    if (origin !== undefined && (!URL.canParse(origin) || new URL(origin).host !== c.req.header('host'))) {
      throw new RepublishError('cross-origin', 'Cross-origin requests are refused');
    }
    await next();
  };
}

/** Refuses a body that is not declared as JSON (a form post from another site cannot declare it). */
function jsonOnly(): MiddlewareHandler {
  return async function jsonOnly(c, next) {
    if (!/^application\/json\b/.test(c.req.header('content-type') ?? '')) {
      throw new RepublishError('unsupported-media-type', 'Content-Type must be application/json');
    }
    await next();
  };
}
