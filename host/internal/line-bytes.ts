// What the access lines' encoders share (access-line-bytes.ts, the text line;
// json-access-line-bytes.ts, the JSON line): copies into the batch buffer, escapes, kept segments
// (docs/host-process.md, "Request log").

import { copyUnits } from './access-path-units.js';

const HEX = '0123456789abcdef';
export const SPACE = 0x20;
const BACKSLASH = 0x5c;
const QUOTE = 0x22;

/**
 * The tenths of a ms (0 to 99) of a time under 9.95 ms, whose line segments are kept
 * ({@link writeKeptSegment}); -1 for a longer time (or one that is not a time): its digits are
 * written. The same rounding as {@link writeTenths}.
 */
function keptTenths(ms: number): number {
  return ms >= 0 && ms < 9.95 ? Math.round(ms * 10) : -1;
}

/** Segments by status and tenths of a ms ({@link keptTenths}): the text line's end, the JSON line's middle. */
export type SegmentTable = (Uint8Array | undefined)[][];

/** Writes a line's segment of `status` and `ms` into `buffer` at `offset`; returns the offset after it. */
export type SegmentWriter = (buffer: Uint8Array, offset: number, status: number, ms: number) => number;

/**
 * The segment of `status` and `ms` (the text line's tail, the JSON line's middle) into `buffer`
 * at `offset`, as `write` writes it, and the offset after it. Under load nearly every line is one
 * of a few statuses in a few ms, so the segment is kept in `table` per status from 100 to 599 and
 * tenth of a ms under 9.95 ms ({@link keptTenths}), made by `write` on first use: one copy, not
 * the digits written again (about 20 ns less a line). Any other time or status is written.
 */
export function writeKeptSegment(
  buffer: Uint8Array,
  offset: number,
  table: SegmentTable,
  status: number,
  ms: number,
  write: SegmentWriter,
): number {
  const tenths = keptTenths(ms);
  if (tenths < 0) return write(buffer, offset, status, ms);
  const row = table[status];
  const kept = row === undefined ? undefined : row[tenths];
  if (kept !== undefined) return writeBytes(buffer, offset, kept);
  const made = segmentScratch.slice(0, write(segmentScratch, 0, status, tenths / 10));
  if (Number.isInteger(status) && status >= 100 && status <= 599) {
    if (row === undefined) table[status] = new Array<Uint8Array | undefined>(100).fill(undefined);
    (table[status] as (Uint8Array | undefined)[])[tenths] = made;
  }
  return writeBytes(buffer, offset, made);
}
/** Where {@link writeKeptSegment} makes a segment (the longest, the JSON middle, is under 64 bytes). */
const segmentScratch = new Uint8Array(64);

/** The string forms of the encoders copy the target and the id here first: at least `length` units. */
export function scratchUnits(length: number): Uint16Array {
  if (scratch.length < length) scratch = new Uint16Array(Math.max(length, 2 * scratch.length));
  return scratch;
}
let scratch = new Uint16Array(256);
/** A method other than GET is copied here to be escaped (a line's path may be in {@link scratch}). */
let methodScratch = new Uint16Array(16);

const GET = ascii('GET');

/** `method` as {@link writePrintable} writes it: GET, nearly every request, as a constant. */
export function writeMethod(buffer: Uint8Array, offset: number, method: string, json: boolean): number {
  if (method === 'GET') return writeBytes(buffer, offset, GET);
  if (methodScratch.length < method.length) methodScratch = new Uint16Array(method.length);
  return writePrintable(buffer, offset, methodScratch, 0, copyUnits(methodScratch, 0, method), json);
}

/** `text` as the ASCII bytes of a line's constant part. */
export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** TypedArray.prototype.copyWithin, held once as {@link typedArraySet} is. */
const typedArrayCopyWithin = Uint8Array.prototype.copyWithin;

/**
 * Copies the staged bytes `buffer[from, to)` to `offset` (a builtin's copy: about 8 ns for a path,
 * where a loop over it took 40 to 70, timed in catalog-host under load).
 */
export function copyStaged(buffer: Uint8Array, offset: number, from: number, to: number): number {
  typedArrayCopyWithin.call(buffer, offset, from, to);
  return offset + to - from;
}

/** TypedArray.prototype.set, held once: see {@link writeBytes}. */
const typedArraySet = Uint8Array.prototype.set;

/**
 * Copies `bytes`, a constant part of a line (`set` measured 25% faster a JSON line than a loop).
 * Called as a held function, not as `buffer.set`: in `catalog-host` under load that lookup went
 * through V8's generic `LoadIC` (22 samples under the encoder in a profile of about 15,500, one
 * with the held function; docs/host-process.md "Request log").
 */
export function writeBytes(buffer: Uint8Array, offset: number, bytes: Uint8Array): number {
  typedArraySet.call(buffer, bytes, offset);
  return offset + bytes.length;
}

/**
 * `units[from, to)` as ASCII, with what is not printable written as `\xNN` or `\uNNNN`. `json`:
 * inside a JSON string, `"` as `\"` and each escape's backslash as `\\`.
 */
export function writePrintable(
  buffer: Uint8Array,
  offset: number,
  units: Uint16Array,
  from: number,
  to: number,
  json: boolean,
): number {
  let at = offset;
  for (let index = from; index < to; index += 1) {
    const code = units[index] as number;
    if (code > SPACE && code < 0x7f && code !== BACKSLASH) {
      if (json && code === QUOTE) buffer[at++] = BACKSLASH;
      buffer[at++] = code;
      continue;
    }
    if (json) buffer[at++] = BACKSLASH;
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
