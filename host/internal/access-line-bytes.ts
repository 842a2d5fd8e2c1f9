// The access line of the host process as bytes, written straight into the log's batch buffer:
// no string is built per request (docs/host-process.md, "Request log"). The JSON line is
// json-access-line-bytes.ts.

import { copyAccessPath } from './access-path-units.js';
import { writeInteger, writeTenths } from './decimal-bytes.js';
import {
  copyStaged,
  type SegmentTable,
  SPACE,
  scratchUnits,
  writeKeptSegment,
  writeMethod,
  writePrintable,
} from './line-bytes.js';

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
  let at = writeMethod(buffer, offset, method, false);
  buffer[at++] = SPACE;
  at = writePrintable(buffer, at, units, 0, copyAccessPath(units, 0, target), false);
  return writeTextTail(buffer, at, status, ms);
}

/**
 * {@link writeAccessLine} for a line whose path `stageAccessPath` staged in `buffer` itself, at
 * `[pathFrom, pathTo)`, past the bytes this line may take: copied in one go. The bound is still
 * {@link accessLineMaxBytes} of the target.
 */
export function writeStagedAccessLine(
  buffer: Uint8Array,
  offset: number,
  method: string,
  pathFrom: number,
  pathTo: number,
  status: number,
  ms: number,
): number {
  let at = writeMethod(buffer, offset, method, false);
  buffer[at++] = SPACE;
  at = copyStaged(buffer, at, pathFrom, pathTo);
  return writeTextTail(buffer, at, status, ms);
}

const TEXT_TAILS: SegmentTable = [];

/** ` <status> <ms>ms\n`, the end of a text line. */
function writeTextTail(buffer: Uint8Array, offset: number, status: number, ms: number): number {
  return writeKeptSegment(buffer, offset, TEXT_TAILS, status, ms, writeTextTailBytes);
}

function writeTextTailBytes(buffer: Uint8Array, offset: number, status: number, ms: number): number {
  let at = offset;
  buffer[at++] = SPACE;
  at = writeInteger(buffer, at, status);
  buffer[at++] = SPACE;
  at = writeTenths(buffer, at, ms);
  buffer[at++] = 0x6d; // m
  buffer[at++] = 0x73; // s
  buffer[at++] = 0x0a;
  return at;
}
