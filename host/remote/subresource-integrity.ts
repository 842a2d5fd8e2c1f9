import { createHash } from 'node:crypto';
import { HostError } from '../host-error.js';

const ALGORITHMS = ['sha256', 'sha384', 'sha512'] as const;
type Algorithm = (typeof ALGORITHMS)[number];

/** One `<algorithm>-<base64>` token of an integrity string. */
interface IntegrityToken {
  readonly algorithm: Algorithm;
  readonly digest: string;
}

/**
 * Parses SRI metadata: space-separated `sha256|sha384|sha512-<base64>[?options]` tokens. Tokens
 * of other algorithms are ignored (as browsers do); none usable is HostError `invalid-integrity`.
 */
export function parseIntegrity(integrity: string): IntegrityToken[] {
  const tokens: IntegrityToken[] = [];
  for (const part of integrity.trim().split(/\s+/)) {
    const match = /^(?<algorithm>sha256|sha384|sha512)-(?<digest>[A-Za-z0-9+/]+={0,2})(\?.*)?$/.exec(part);
    const { algorithm, digest } = match?.groups ?? {};
    if (algorithm !== undefined && digest !== undefined) tokens.push({ algorithm: algorithm as Algorithm, digest });
  }
  if (tokens.length === 0) throw new HostError('invalid-integrity', 'Invalid integrity parameter');
  return tokens;
}

/**
 * Whether `bytes` match `integrity`, as the SRI spec checks: only the strongest algorithm
 * present counts, and any of its digests may match.
 */
export function matchesIntegrity(bytes: Uint8Array, integrity: string): boolean {
  const tokens = parseIntegrity(integrity);
  // parseIntegrity returns at least one token, so one of the algorithms is present.
  const strongest =
    ALGORITHMS.findLast((algorithm) => tokens.some((token) => token.algorithm === algorithm)) ?? 'sha256';
  const actual = createHash(strongest).update(bytes).digest('base64');
  return tokens.some((token) => token.algorithm === strongest && token.digest === actual);
}
