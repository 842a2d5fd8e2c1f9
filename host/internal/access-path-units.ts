// The path (and id) of an access line as UTF-16 code units: copied as the request ends, encoded
// with its batch (docs/host-process.md "Request log").

const SLASH = 0x2f;
const HASH = 0x23;
const QUESTION = 0x3f;

/**
 * Copies the part of the request target `target` that an access line writes, its path (see
 * `writeAccessLine`, access-line-bytes.ts), unescaped, as UTF-16 code units into `units` at
 * `offset`, and returns the offset after it; `units` must have `target.length + 1` free from there.
 * `BatchedLineWriter` copies a request's path (and id) as the request ends, while they are in the
 * CPU's cache, and encodes the line later with its batch (docs/host-process.md "Request log").
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
