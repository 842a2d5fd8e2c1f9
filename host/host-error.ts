import type { HostErrorCode } from '@runtime-component-catalog/contracts';

export type { HostErrorCode };

const statusByCode: Record<HostErrorCode, number> = {
  unauthorized: 401,
  'package-id-required': 400,
  'invalid-artifact-name': 400,
  'invalid-json-body': 400,
  'payload-too-large': 413,
  'method-not-allowed': 405,
  'not-found': 404,
  'unknown-package': 404,
  'artifact-not-found': 404,
  'invalid-version': 400,
  'unknown-version': 404,
  'artifact-load-failed': 502,
  'catalog-source-failed': 502,
  'invalid-config': 500,
  'invalid-url': 400,
  'invalid-integrity': 400,
  'forbidden-url': 403,
  'upstream-failed': 502,
  'integrity-mismatch': 502,
  'compile-failed': 422,
  'remote-compiler-off': 501,
  'too-many-compiles': 429,
  'cache-unavailable': 503,
  'internal-error': 500,
};

/**
 * The one error class that crosses the host's HTTP boundary: `app.onError` turns it into
 * `{"error": message, "code": code}` with `status` (docs/design.md HTTP contract).
 */
export class HostError extends Error {
  /** `HostError`, or the subclass's own name. */
  override readonly name: string = 'HostError';
  /** The stable code answered in the body (`HOST_ERROR_CODES`). */
  readonly code: HostErrorCode;
  /** The HTTP status the code is answered with. */
  readonly status: number;

  constructor(code: HostErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.status = statusByCode[code];
  }
}
