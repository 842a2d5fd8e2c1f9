// The path (and id) of an access line, copied out of the request's strings: as bytes as the
// request ends (staged, then copied into the line with its batch), or as UTF-16 code units for the
// line encoders' string forms (docs/host-process.md "Request log").

const SLASH = 0x2f;
const HASH = 0x23;
const QUESTION = 0x3f;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Copies the part of the request target `target` that an access line writes, its path (see
 * `writeAccessLine`, access-line-bytes.ts), unescaped, as UTF-16 code units into `units` at
 * `offset`, and returns the offset after it; `units` must have `target.length + 1` free from there.
 * The line encoders' string forms copy the target here before they write it, escapes and all.
 */
export function copyAccessPath(units: Uint16Array, offset: number, target: string): number {
  let at = offset;
  let from = 0;
  if (target.charCodeAt(0) !== SLASH) {
    from = pathStart(target);
    if (from < 0) {
      units[at++] = SLASH;
      from = -from - 1;
    }
  }
  for (let index = from; index < target.length; index += 1) {
    const code = target.charCodeAt(index);
    if (code === QUESTION) break;
    units[at++] = code;
  }
  return at;
}

/**
 * Stages the path of `target` (the part {@link copyAccessPath} copies) as bytes into `bytes` at
 * `offset`, when every character of it is written as it is in both access lines (printable
 * ASCII but space, `\` and `"`), and returns the offset after it; -1 when one is not (then
 * the line is encoded from the target, escapes and all). `bytes` must have `target.length + 1`
 * free from there. `BatchedLineWriter` stages a request's path (and id) as the request ends,
 * while they are in the CPU's cache; a staged path is one copy into its line, not a loop that
 * checks each character there (docs/host-process.md "Timed in the process").
 */
export function stageAccessPath(bytes: Uint8Array, offset: number, target: string): number {
  let at = offset;
  let from = 0;
  if (target.charCodeAt(0) !== SLASH) {
    from = pathStart(target);
    if (from < 0) {
      bytes[at++] = SLASH;
      from = -from - 1;
    }
  }
  // Negative once a character is outside `!` to `~`, or is `\` or `"`: no branch a character.
  let escaped = 0;
  for (let index = from; index < target.length; index += 1) {
    const code = target.charCodeAt(index);
    if (code === QUESTION) break;
    escaped |= (code - 0x21) | (0x7e - code) | ((code ^ BACKSLASH) - 1) | ((code ^ QUOTE) - 1);
    bytes[at++] = code;
  }
  return escaped < 0 ? -1 : at;
}

/**
 * Stages `token`, a request id (`[A-Za-z0-9._:-]`, request-id.ts), as bytes into `bytes` at
 * `offset` and returns the offset after it: a JSON line writes the id as it is.
 */
export function stageToken(bytes: Uint8Array, offset: number, token: string): number {
  let at = offset;
  for (let index = 0; index < token.length; index += 1) bytes[at++] = token.charCodeAt(index);
  return at;
}

/** Copies `text` as UTF-16 code units into `units` at `offset` and returns the offset after it. */
export function copyUnits(units: Uint16Array, offset: number, text: string): number {
  let at = offset;
  for (let index = 0; index < text.length; index += 1) units[at++] = text.charCodeAt(index);
  return at;
}

/**
 * Where the path of `target` starts: 0 for an origin-form target (`/path?query`); after the
 * authority of an absolute-form one (`http://host/path`); `-(end + 1)` when an absolute-form
 * target has no path (`http://host?q`): the caller writes `/` and goes on at `end`, the `?`.
 */
function pathStart(target: string): number {
  if (target.charCodeAt(0) === SLASH) return 0;
  let end = target.indexOf('?');
  if (end === -1) end = target.length;
  const scheme = target.indexOf('://');
  if (scheme === -1 || scheme > end) return 0;
  // The path starts at the first "/" after the authority, unless a "?" or "#" comes first.
  let start = scheme + 3;
  while (start < end && target.charCodeAt(start) !== SLASH && target.charCodeAt(start) !== HASH) start += 1;
  return start === end || target.charCodeAt(start) === HASH ? -end - 1 : start;
}
