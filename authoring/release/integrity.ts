import { createHash } from 'node:crypto';

/**
 * The npm integrity of a tarball, `sha512-<base64>`: what `npm publish` sends and a registry
 * serves as `dist.integrity`. A promotion compares it on both registries (spec 9.5).
 */
export function sha512Integrity(bytes: Uint8Array): string {
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
}
