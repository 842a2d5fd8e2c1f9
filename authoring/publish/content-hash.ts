import { createHash } from 'node:crypto';

/** Hex SHA-256 of the bytes: what the publish manifest and the verify step compare. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Subresource Integrity of the bytes, `sha384-<base64>` (what the host checks at the module URL). */
export function sri384(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** The JSON text every artifact is stored as: two-space indent and a final newline, UTF-8. */
export function jsonBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
}
