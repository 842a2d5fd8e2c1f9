// The JSON access line (`LOG_FORMAT=json`) as bytes, written straight into the log's batch
// buffer as the text line is (access-line-bytes.ts, docs/host-process.md "Request log").

import { copyAccessPath, stageToken } from './access-path-units.js';
import { writeInteger, writeTenths } from './decimal-bytes.js';
import {
  ascii,
  copyStaged,
  type SegmentTable,
  scratchUnits,
  writeBytes,
  writeKeptSegment,
  writeMethod,
  writePrintable,
} from './line-bytes.js';

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

const JSON_MIDDLES: SegmentTable = [];

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
  const units = scratchUnits(target.length + 1);
  let at = writeJsonHead(buffer, offset, method, time);
  at = writePrintable(buffer, at, units, 0, copyAccessPath(units, 0, target), true);
  at = writeJsonMiddle(buffer, at, status, ms);
  at = stageToken(buffer, at, requestId);
  return writeBytes(buffer, at, JSON_END);
}

/**
 * {@link writeJsonAccessLine} for a line whose path `stageAccessPath` staged in `buffer` itself,
 * at `[pathFrom, pathTo)`, and whose id `stageToken` staged right after it, up to `idTo`, past the
 * bytes this line may take: each copied in one go. The bound is still
 * {@link jsonAccessLineMaxBytes} of the target and the id.
 */
export function writeStagedJsonAccessLine(
  buffer: Uint8Array,
  offset: number,
  method: string,
  pathFrom: number,
  pathTo: number,
  idTo: number,
  status: number,
  ms: number,
  time: number,
): number {
  let at = writeJsonHead(buffer, offset, method, time);
  at = copyStaged(buffer, at, pathFrom, pathTo);
  at = writeJsonMiddle(buffer, at, status, ms);
  at = copyStaged(buffer, at, pathTo, idTo);
  return writeBytes(buffer, at, JSON_END);
}

/** The JSON line up to its path: `{"level":30,"time":<time>,"method":"<method>","path":"`. */
function writeJsonHead(buffer: Uint8Array, offset: number, method: string, time: number): number {
  if (time !== lastTime) makeLineHeads(time);
  // Nearly every request: the line up to its path is one constant of the millisecond.
  if (method === 'GET') return writeBytes(buffer, offset, lineHeadGet);
  let at = writeBytes(buffer, offset, lineHead);
  at = writeBytes(buffer, at, JSON_METHOD);
  at = writeMethod(buffer, at, method, true);
  return writeBytes(buffer, at, JSON_PATH);
}

/** The JSON line from its path to its id: `","status":<status>,"ms":<ms>,"requestId":"`. */
function writeJsonMiddle(buffer: Uint8Array, offset: number, status: number, ms: number): number {
  return writeKeptSegment(buffer, offset, JSON_MIDDLES, status, ms, writeJsonMiddleBytes);
}

function writeJsonMiddleBytes(buffer: Uint8Array, offset: number, status: number, ms: number): number {
  let at = writeBytes(buffer, offset, JSON_STATUS);
  at = writeInteger(buffer, at, status);
  at = writeBytes(buffer, at, JSON_MS);
  at = writeTenths(buffer, at, ms);
  return writeBytes(buffer, at, JSON_REQUEST_ID);
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
