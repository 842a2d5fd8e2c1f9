// The access line of the host process as bytes, written straight into the log's batch buffer:
// no string is built per request (docs/host-process.md, "Request log").

const HEX = '0123456789abcdef';
const SPACE = 0x20;
const SLASH = 0x2f;
const HASH = 0x23;
const QUESTION = 0x3f;
const BACKSLASH = 0x5c;
const DOT = 0x2e;
const ZERO = 0x30;

/** The most bytes {@link writeAccessLine} writes for `method` and `target` (6 per character at worst, `\uNNNN`). */
export function accessLineMaxBytes(method: string, target: string): number {
  return 6 * (method.length + target.length) + 48;
}

/**
 * Writes `<method> <path> <status> <ms>ms\n` (`GET /healthz 200 0.4ms`) into `buffer` at `offset`
 * and returns the offset after it; `buffer` must have {@link accessLineMaxBytes} free from there.
 *
 * `target` is the request target as it came on the request line (Node's `IncomingMessage.url`):
 * the path is its part before `?` (the query never reaches the log: it may carry secrets); an
 * absolute-form target (`http://host/path`) is cut to its path. Every character that is not
 * printable ASCII, and space and backslash, is written as `\xNN` (`\uNNNN` above 0xff): Node reads
 * the request line as latin1, so `\xNN` is the byte the client sent, and a request can neither
 * forge a line nor colour a terminal. The time is in ms with one decimal, as {@link accessLine}.
 */
export function writeAccessLine(
  buffer: Uint8Array,
  offset: number,
  method: string,
  target: string,
  status: number,
  ms: number,
): number {
  let at = writePrintable(buffer, offset, method, 0, method.length);
  buffer[at++] = SPACE;
  let start = 0;
  if (target.charCodeAt(0) !== SLASH) {
    let end = target.indexOf('?');
    if (end === -1) end = target.length;
    const scheme = target.indexOf('://');
    if (scheme !== -1 && scheme < end) {
      // The path starts at the first "/" after the authority, unless a "?" or "#" comes first.
      start = scheme + 3;
      while (start < end && target.charCodeAt(start) !== SLASH && target.charCodeAt(start) !== HASH) start += 1;
      if (start === end || target.charCodeAt(start) === HASH) {
        buffer[at++] = SLASH;
        start = end;
      }
    }
  }
  at = writePrintable(buffer, at, target, start, target.length, QUESTION);
  buffer[at++] = SPACE;
  at = writeInteger(buffer, at, status);
  buffer[at++] = SPACE;
  // A time from two monotonic clock reads is finite and not negative; anything else writes 0.0.
  const tenths = ms >= 0 && ms < 1e15 ? Math.round(ms * 10) : 0;
  const whole = Math.trunc(tenths / 10);
  at = writeInteger(buffer, at, whole);
  buffer[at++] = DOT;
  buffer[at++] = ZERO + tenths - whole * 10;
  buffer[at++] = 0x6d; // m
  buffer[at++] = 0x73; // s
  buffer[at++] = 0x0a;
  return at;
}

/**
 * `text[from, to)` as ASCII, with what is not printable written as `\xNN` or `\uNNNN`; it stops
 * early at the first `stop` (a printable character's code; -1 for none). One pass: the path ends
 * at its `?`.
 */
function writePrintable(buffer: Uint8Array, offset: number, text: string, from: number, to: number, stop = -1): number {
  let at = offset;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code > SPACE && code < 0x7f && code !== BACKSLASH) {
      if (code === stop) break;
      buffer[at++] = code;
      continue;
    }
    buffer[at++] = BACKSLASH;
    if (code > 0xff) {
      buffer[at++] = 0x75; // u
      buffer[at++] = HEX.charCodeAt(code >> 12);
      buffer[at++] = HEX.charCodeAt((code >> 8) & 15);
    } else {
      buffer[at++] = 0x78; // x
    }
    buffer[at++] = HEX.charCodeAt((code >> 4) & 15);
    buffer[at++] = HEX.charCodeAt(code & 15);
  }
  return at;
}

/** A non-negative integer in decimal, without a string: three digits (a status) by integer arithmetic. */
function writeInteger(buffer: Uint8Array, offset: number, value: number): number {
  let at = offset;
  if (value < 1000) {
    const hundreds = (value / 100) | 0;
    const tens = ((value / 10) | 0) - hundreds * 10;
    if (hundreds > 0) buffer[at++] = ZERO + hundreds;
    if (hundreds > 0 || tens > 0) buffer[at++] = ZERO + tens;
    buffer[at++] = ZERO + value - ((value / 10) | 0) * 10;
    return at;
  }
  let power = 1;
  while (power * 10 <= value) power *= 10;
  for (; power >= 1; power /= 10) buffer[at++] = ZERO + (Math.floor(value / power) % 10);
  return at;
}
