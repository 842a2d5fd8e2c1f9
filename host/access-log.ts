import type { Answer } from './answer-observer.js';

// The access line of the process (docs/host-logs.md "Request log"): `GET /healthz 200 0.4ms` as
// text, or one JSON line as pino writes it, with the same method, path, status and ms, and the
// request id. Each is one string from one function: it runs on every request.

/**
 * The text access line of `answer`: method, path, status and the time to the answer in ms with
 * one decimal (`GET /healthz 200 0.4ms`). Never headers, query or body, so the revalidation secret
 * cannot reach a log. Method and path are {@link printable}; the path is {@link accessPath}.
 */
export function accessLine(answer: Pick<Answer, 'method' | 'target' | 'status' | 'ms'>): string {
  const ms = tenths(answer.ms);
  const path = printable(accessPath(answer.target));
  return `${printable(answer.method)} ${path} ${answer.status} ${ms}${Number.isInteger(ms) ? '.0' : ''}ms`;
}

/**
 * The JSON access line of `answer` (`LOG_FORMAT=json`) as pino writes a record: `level` 30,
 * `time` (epoch ms, from the answer's own clock read), `method`, `path`, `status`, `ms`,
 * `requestId`, and `msg` last. Method and path are the text line's, escapes included, so `path`
 * parses to the text line's path exactly; past {@link printable} only `"` and `\` need escaping
 * in JSON. The id is a token of internal/request-id.ts, written as it is.
 */
export function jsonAccessLine(answer: Answer, time: number): string {
  const method = jsonSafe(printable(answer.method));
  const path = jsonSafe(printable(accessPath(answer.target)));
  return `{"level":30,"time":${time},"method":"${method}","path":"${path}","status":${answer.status},"ms":${tenths(answer.ms)},"requestId":"${answer.requestId}","msg":"request completed"}`;
}

/** Printable text as the inside of a JSON string: its `"` and the backslashes of its escapes escaped. */
function jsonSafe(text: string): string {
  return JSON_SPECIAL.test(text) ? text.replace(JSON_SPECIAL_ALL, '\\$&') : text;
}
const JSON_SPECIAL = /["\\]/;
const JSON_SPECIAL_ALL = /["\\]/g;

/** `ms` rounded to a tenth, as both lines write it; a time that is not a finite, non-negative duration is 0. */
export function tenths(ms: number): number {
  return ms >= 0 && ms < 1e15 ? Math.round(ms * 10) / 10 : 0;
}

/** A character other than printable ASCII (`!` to `~`) or a backslash. */
const UNPRINTABLE = /[^\x21-\x5b\x5d-\x7e]/;
const UNPRINTABLE_ALL = /[^\x21-\x5b\x5d-\x7e]/g;

/**
 * `text` with every character that is not printable ASCII, and space and backslash, written as
 * `\xNN` (`\uNNNN` above 0xff): one token of a log line that a request can neither split, forge
 * nor use to colour a terminal. Node reads the request line as latin1, so `\xNN` of a target is
 * the byte the client sent.
 */
export function printable(text: string): string {
  if (!UNPRINTABLE.test(text)) return text;
  return text.replace(UNPRINTABLE_ALL, escapeCharacter);
}

function escapeCharacter(character: string): string {
  const code = character.charCodeAt(0);
  return code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`;
}

/**
 * The path of a request target as Node gives it: its part before `?` (a query may carry secrets);
 * an absolute-form target (`http://host/path?q`) cut to its path, `/` when it has none.
 */
export function accessPath(target: string): string {
  let end = target.indexOf('?');
  if (end === -1) end = target.length;
  let start = 0;
  if (target.charCodeAt(0) !== SLASH) {
    const scheme = target.indexOf('://');
    if (scheme !== -1 && scheme < end) {
      // The path starts at the first "/" after the authority, unless a "?" or "#" comes first.
      start = scheme + 3;
      while (start < end && target.charCodeAt(start) !== SLASH && target.charCodeAt(start) !== HASH) start += 1;
      if (start === end || target.charCodeAt(start) === HASH) return '/';
    }
  }
  return start === 0 && end === target.length ? target : target.slice(start, end);
}

const SLASH = 0x2f;
const HASH = 0x23;
