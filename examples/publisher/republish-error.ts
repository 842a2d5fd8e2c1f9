/** Why a republish was refused or failed; nothing was revalidated. */
export type RepublishErrorCode =
  | 'unknown-artifact'
  | 'unknown-package'
  | 'invalid-content'
  | 'not-found'
  | 'unreadable-artifact'
  | 'origin-mismatch'
  | 'revalidation-failed';

const STATUS: Record<RepublishErrorCode, 400 | 404 | 409 | 502> = {
  'unknown-artifact': 400,
  'unknown-package': 404,
  'invalid-content': 400,
  'not-found': 404,
  'unreadable-artifact': 409,
  'origin-mismatch': 502,
  'revalidation-failed': 502,
};

/** A republish that could not be done; nothing was revalidated. */
export class RepublishError extends Error {
  override readonly name = 'RepublishError';
  readonly code: RepublishErrorCode;
  /** The HTTP status the publisher API answers with. */
  readonly status: 400 | 404 | 409 | 502;

  constructor(code: RepublishErrorCode, message: string) {
    super(message);
    this.code = code;
    this.status = STATUS[code];
  }
}
