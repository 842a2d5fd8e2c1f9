/** Why a republish was refused or failed; nothing was revalidated. */
export type RepublishErrorCode =
  | 'cross-origin'
  | 'unsupported-media-type'
  | 'body-too-large'
  | 'invalid-body'
  | 'unknown-endpoint'
  | 'unknown-artifact'
  | 'unknown-package'
  | 'invalid-content'
  | 'validation-timeout'
  | 'not-found'
  | 'unreadable-artifact'
  | 'origin-mismatch'
  | 'revalidation-failed'
  | 'internal-error';

/** The statuses the publisher API answers with. */
export type RepublishErrorStatus = 400 | 403 | 404 | 409 | 413 | 415 | 500 | 502;

const STATUS: Record<RepublishErrorCode, RepublishErrorStatus> = {
  'cross-origin': 403,
  'unsupported-media-type': 415,
  'body-too-large': 413,
  'invalid-body': 400,
  'unknown-endpoint': 404,
  'unknown-artifact': 400,
  'unknown-package': 404,
  'invalid-content': 400,
  'validation-timeout': 400,
  'not-found': 404,
  'unreadable-artifact': 409,
  'origin-mismatch': 502,
  'revalidation-failed': 502,
  'internal-error': 500,
};

/** A republish that could not be done; nothing was revalidated. */
export class RepublishError extends Error {
  override readonly name = 'RepublishError';
  readonly code: RepublishErrorCode;
  /** The HTTP status the publisher API answers with. */
  readonly status: RepublishErrorStatus;

  constructor(code: RepublishErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.status = STATUS[code];
  }
}
