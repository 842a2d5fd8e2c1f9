import { randomBytes } from 'node:crypto';

// docs/host-logs.md "Request id": one id a request, taken from the client when it is a short
// printable token, answered in `x-request-id`, written in the JSON access line and sent on every
// origin fetch the request causes.

/** The header that carries the id, on the request, the answer and the origin fetches. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The longest id taken from a request; a longer one is replaced. */
export const MAX_REQUEST_ID_LENGTH = 128;

/** What a request's own id may hold: letters, digits, `.`, `_`, `:` and `-` (UUIDs, ULIDs, trace ids). */
const TOKEN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * What every id this process makes starts with: 48 random bits, as 8 base64url characters, drawn
 * once a process. With a counter after it, a made id is unique in the process, and two processes
 * share a prefix with a chance of 2^-48.
 */
const MADE_PREFIX = `${randomBytes(6).toString('base64url')}-`;
let made = 0;

/**
 * The id of a request whose `x-request-id` header is `given` (Node's `IncomingMessage.headers`
 * value): `given` itself when it is a token of 1 to 128 characters of `[A-Za-z0-9._:-]`, else a
 * new id, `<process prefix>-<counter in base 36>` (`Xk3_p9Qa-1a`). A header sent twice (Node joins
 * them with `, `), one with a space, a newline, a quote or 129 characters is replaced, never
 * escaped: the id goes into a header, a JSON line and the origin's logs unchanged. A counter, not
 * `crypto.randomUUID()`: a random draw a request is a measurable share of a warm entry (docs/host-logs.md "Request id").
 */
export function requestIdOf(given: string | string[] | undefined): string {
  if (typeof given === 'string' && TOKEN.test(given)) return given;
  made += 1;
  return MADE_PREFIX + made.toString(36);
}
