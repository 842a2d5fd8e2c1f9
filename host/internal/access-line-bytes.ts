// The access line of the host process as bytes, written straight into the log's batch buffer:
// no string is built per request (docs/host-process.md, "Request log").

import { copyAccessPath, copyUnits } from './access-path-units.js';
import { writeInteger, writeTenths } from './decimal-bytes.js';

const HEX = '0123456789abcdef';
const SPACE = 0x20;
const BACKSLASH = 0x5c;

/**
 * The most bytes {@link writeAccessLine} writes for a method and a target (or a copied path) of
 * these lengths (6 per character at worst, `\uNNNN`).
 */
export function accessLineMaxBytes(methodLength: number, targetLength: number): number {
  return 6 * (methodLength + targetLength) + 48;
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
  const units = scratchUnits(target.length + 1);
  return writeAccessLineUnits(buffer, offset, method, units, 0, copyAccessPath(units, 0, target), status, ms);
}

/**
 * {@link writeAccessLine} with the path already copied by {@link copyAccessPath} into
 * `units[pathFrom, pathTo)`; the bound is still {@link accessLineMaxBytes} of the target.
 */
export function writeAccessLineUnits(
  buffer: Uint8Array,
  offset: number,
  method: string,
  units: Uint16Array,
  pathFrom: number,
  pathTo: number,
  status: number,
  ms: number,
): number {
  let at = writeMethod(buffer, offset, method, false);
  buffer[at++] = SPACE;
  at = writePrintable(buffer, at, units, pathFrom, pathTo, false);
  buffer[at++] = SPACE;
  at = writeInteger(buffer, at, status);
  buffer[at++] = SPACE;
  at = writeTenths(buffer, at, ms);
  buffer[at++] = 0x6d; // m
  buffer[at++] = 0x73; // s
  buffer[at++] = 0x0a;
  return at;
}

/** The string forms of the encoders copy the target and the id here first: at least `length` units. */
function scratchUnits(length: number): Uint16Array {
  if (scratch.length < length) scratch = new Uint16Array(Math.max(length, 2 * scratch.length));
  return scratch;
}
let scratch = new Uint16Array(256);
/** A method other than GET is copied here to be escaped (a line's path may be in {@link scratch}). */
let methodScratch = new Uint16Array(16);

const GET = ascii('GET');

/** `method` as {@link writePrintable} writes it: GET, nearly every request, as a constant. */
function writeMethod(buffer: Uint8Array, offset: number, method: string, json: boolean): number {
  if (method === 'GET') return writeBytes(buffer, offset, GET);
  if (methodScratch.length < method.length) methodScratch = new Uint16Array(method.length);
  return writePrintable(buffer, offset, methodScratch, 0, copyUnits(methodScratch, 0, method), json);
}

/** `text` as the ASCII bytes of a JSON line's constant part. */
function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

// The constant parts of the JSON access line, encoded once (pino's order: level, time, fields, msg).
const JSON_LEVEL_TIME = ascii('{"level":30,"time":');
const JSON_METHOD = ascii(',"method":"');
const JSON_PATH = ascii('","path":"');
const JSON_GET_PATH = ascii(',"method":"GET","path":"');
const JSON_STATUS = ascii('","status":');
const JSON_MS = ascii(',"ms":');
const JSON_REQUEST_ID = ascii(',"requestId":"');
const JSON_END = ascii('","msg":"request completed"}\n');
const JSON_FIXED_BYTES =
  JSON_LEVEL_TIME.length +
  JSON_METHOD.length +
  JSON_PATH.length +
  JSON_STATUS.length +
  JSON_MS.length +
  JSON_REQUEST_ID.length +
  JSON_END.length;
const QUOTE = 0x22;

/**
 * The most bytes {@link writeJsonAccessLine} writes for a method, a target (or a copied path) and
 * an id of these lengths (7 per character of the method and the target at worst, `\\uNNNN`).
 */
export function jsonAccessLineMaxBytes(methodLength: number, targetLength: number, idLength: number): number {
  return 7 * (methodLength + targetLength) + idLength + JSON_FIXED_BYTES + 48;
}

/**
 * Writes the access line as one JSON object a line (`LOG_FORMAT=json`, docs/host-process.md),
 * `{"level":30,"time":<epoch ms>,"method":"GET","path":"/healthz","status":200,"ms":0.4,
 * "requestId":"<id>","msg":"request completed"}`, into `buffer` at `offset` and returns the offset
 * after it; `buffer` must have {@link jsonAccessLineMaxBytes} free from there. `path` parses to
 * the text line's path exactly: the same `\xNN` escapes (their backslash written `\\` in JSON)
 * and `"` as `\"`. `requestId` must be a token of `request-id.ts` (written as it is); `time` a
 * non-negative integer. No string and no object per line: constant parts copied, as the text line.
 */
export function writeJsonAccessLine(
  buffer: Uint8Array,
  offset: number,
  method: string,
  target: string,
  status: number,
  ms: number,
  requestId: string,
  time: number,
): number {
  const units = scratchUnits(target.length + 1 + requestId.length);
  const pathTo = copyAccessPath(units, 0, target);
  const idTo = copyUnits(units, pathTo, requestId);
  return writeJsonAccessLineUnits(buffer, offset, method, units, 0, pathTo, idTo, status, ms, time);
}

/**
 * {@link writeJsonAccessLine} with the path and the id already copied: the path by
 * {@link copyAccessPath} into `units[pathFrom, pathTo)`, the id by {@link copyUnits} right after
 * it, up to `idTo`; the bound is still {@link jsonAccessLineMaxBytes} of the target and the id.
 */
export function writeJsonAccessLineUnits(
  buffer: Uint8Array,
  offset: number,
  method: string,
  units: Uint16Array,
  pathFrom: number,
  pathTo: number,
  idTo: number,
  status: number,
  ms: number,
  time: number,
): number {
  if (time !== lastTime) makeLineHeads(time);
  let at: number;
  if (method === 'GET') {
    // Nearly every request: the line up to its path is one constant of the millisecond.
    at = writeBytes(buffer, offset, lineHeadGet);
  } else {
    at = writeBytes(buffer, offset, lineHead);
    at = writeBytes(buffer, at, JSON_METHOD);
    at = writeMethod(buffer, at, method, true);
    at = writeBytes(buffer, at, JSON_PATH);
  }
  at = writeJsonPath(buffer, at, units, pathFrom, pathTo);
  at = writeBytes(buffer, at, statusSegment(status));
  at = writeTenths(buffer, at, ms);
  at = writeBytes(buffer, at, JSON_REQUEST_ID);
  for (let index = pathTo; index < idTo; index += 1) buffer[at++] = units[index] as number;
  return writeBytes(buffer, at, JSON_END);
}

/**
 * The path `units[from, to)` inside a JSON string, as {@link writePrintable} writes it with `json`:
 * a loop of its own for the common case (printable ASCII), which V8 inlines.
 */
function writeJsonPath(buffer: Uint8Array, offset: number, units: Uint16Array, from: number, to: number): number {
  let at = offset;
  for (let index = from; index < to; index += 1) {
    const code = units[index] as number;
    if (code > SPACE && code < 0x7f && code !== BACKSLASH && code !== QUOTE) buffer[at++] = code;
    else return writePrintable(buffer, at, units, index, to, true);
  }
  return at;
}

/** `","status":<status>,"ms":` by status, made on first use (a status is an integer from 100 to 599). */
const STATUS_SEGMENTS: (Uint8Array | undefined)[] = [];

function statusSegment(status: number): Uint8Array {
  let segment = STATUS_SEGMENTS[status];
  if (segment === undefined) {
    const bytes = new Uint8Array(JSON_STATUS.length + 8 + JSON_MS.length);
    let at = writeBytes(bytes, 0, JSON_STATUS);
    at = writeInteger(bytes, at, status);
    segment = bytes.subarray(0, writeBytes(bytes, at, JSON_MS));
    if (Number.isInteger(status) && status >= 100 && status <= 599) STATUS_SEGMENTS[status] = segment;
  }
  return segment;
}

/** TypedArray.prototype.set, held once: see {@link writeBytes}. */
const typedArraySet = Uint8Array.prototype.set;

/**
 * Copies `bytes`, a constant part of a line (`set` measured 25% faster a JSON line than a loop).
 * Called as a held function, not as `buffer.set`: in `catalog-host` under load that lookup went
 * through V8's generic `LoadIC` (22 samples under the encoder in a profile of about 15,500, one
 * with the held function; docs/host-process.md "Request log").
 */
function writeBytes(buffer: Uint8Array, offset: number, bytes: Uint8Array): number {
  typedArraySet.call(buffer, bytes, offset);
  return offset + bytes.length;
}

/** `{"level":30,"time":<digits>` of the last line's millisecond: the lines of one millisecond share it. */
let lastTime = -1;
const lineHeadBytes = new Uint8Array(JSON_LEVEL_TIME.length + 24 + JSON_GET_PATH.length);
let lineHead = lineHeadBytes.subarray(0, 0);
/** {@link lineHead} and `,"method":"GET","path":"`: a GET line up to its path. */
let lineHeadGet = lineHead;

/** Makes the two line heads of millisecond `time` (once for the tens of lines of a millisecond under load). */
function makeLineHeads(time: number): void {
  const timeEnd = writeInteger(lineHeadBytes, writeBytes(lineHeadBytes, 0, JSON_LEVEL_TIME), time);
  lineHead = lineHeadBytes.subarray(0, timeEnd);
  lineHeadGet = lineHeadBytes.subarray(0, writeBytes(lineHeadBytes, timeEnd, JSON_GET_PATH));
  lastTime = time;
}

/**
 * `units[from, to)` as ASCII, with what is not printable written as `\xNN` or `\uNNNN`. `json`:
 * inside a JSON string, `"` as `\"` and each escape's backslash as `\\`.
 */
function writePrintable(
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
