/**
 * Stable codes of every error the host answers with: the `code` of each JSON error body
 * (docs/design.md HTTP contract). Code against these, not the messages.
 */
export const HOST_ERROR_CODES = [
  'unauthorized',
  'package-id-required',
  'invalid-artifact-name',
  'invalid-json-body',
  'payload-too-large',
  'method-not-allowed',
  'not-found',
  'unknown-package',
  'artifact-not-found',
  'invalid-version',
  'unknown-version',
  'artifact-load-failed',
  'catalog-source-failed',
  'invalid-config',
  'invalid-url',
  'invalid-integrity',
  'forbidden-url',
  'upstream-failed',
  'integrity-mismatch',
  'compile-failed',
  'remote-compiler-off',
  'too-many-compiles',
  'cache-unavailable',
  'internal-error',
] as const;

/** One of {@link HOST_ERROR_CODES}. */
export type HostErrorCode = (typeof HOST_ERROR_CODES)[number];
