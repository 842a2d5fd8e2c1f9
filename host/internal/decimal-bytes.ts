// Numbers of a log line as decimal ASCII bytes, without a string (docs/host-process.md "Request log").

const DOT = 0x2e;
const ZERO = 0x30;

/** A duration in ms with one decimal (`0.4`, `12.0`); a time from two monotonic clock reads is finite and not negative, anything else writes `0.0`. */
export function writeTenths(buffer: Uint8Array, offset: number, ms: number): number {
  const tenths = ms >= 0 && ms < 1e15 ? Math.round(ms * 10) : 0;
  const whole = Math.trunc(tenths / 10);
  let at = writeInteger(buffer, offset, whole);
  buffer[at++] = DOT;
  buffer[at++] = ZERO + tenths - whole * 10;
  return at;
}

/** A non-negative integer in decimal, without a string: three digits (a status) by integer arithmetic. */
export function writeInteger(buffer: Uint8Array, offset: number, value: number): number {
  let at = offset;
  if (value < 1000) {
    const hundreds = (value / 100) | 0;
    const tens = ((value / 10) | 0) - hundreds * 10;
    if (hundreds > 0) buffer[at++] = ZERO + hundreds;
    if (hundreds > 0 || tens > 0) buffer[at++] = ZERO + tens;
    buffer[at++] = ZERO + value - ((value / 10) | 0) * 10;
    return at;
  }
  // An epoch time in ms (13 digits) is over 2^31: its millions first, then six digits, each part
  // by 32-bit integer arithmetic (floating-point division and `%` a digit cost 400 ns a line).
  if (value >= 2 ** 31) {
    const millions = Math.floor(value / 1e6);
    return writeDigits(buffer, writeInteger(buffer, at, millions), value - millions * 1e6, 6);
  }
  let digits = 1;
  for (let rest = (value / 10) | 0; rest > 0; rest = (rest / 10) | 0) digits += 1;
  return writeDigits(buffer, at, value, digits);
}

/** `value` (below 2^31) as exactly `digits` decimal digits, zeros first: written from the last. */
function writeDigits(buffer: Uint8Array, offset: number, value: number, digits: number): number {
  let rest = value;
  for (let index = offset + digits - 1; index >= offset; index -= 1) {
    const tenth = (rest / 10) | 0;
    buffer[index] = ZERO + rest - tenth * 10;
    rest = tenth;
  }
  return offset + digits;
}
