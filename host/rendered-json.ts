import { createHash } from 'node:crypto';

/** A JSON body serialised once, with its strong ETag, as the cache keeps it for the routes. */
export interface RenderedJson {
  readonly body: string;
  readonly etag: string;
}

/** Serialises `value` and derives its ETag from the bytes (so equal bodies share an ETag). */
export function renderJson(value: unknown): RenderedJson {
  return renderJsonText(JSON.stringify(value));
}

/** The ETag of an already serialised body. */
export function renderJsonText(body: string): RenderedJson {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}
