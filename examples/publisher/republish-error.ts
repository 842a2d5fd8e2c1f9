import type { AuthoringErrorCode, PublishEvent } from '@runtime-component-catalog/authoring';

/** Why the publisher API refused a request, or why its own work failed; nothing was revalidated. */
export type RepublishErrorCode =
  | 'cross-origin'
  | 'unsupported-media-type'
  | 'body-too-large'
  | 'invalid-body'
  | 'invalid-query'
  | 'unknown-endpoint'
  | 'unknown-artifact'
  | 'unknown-package'
  | 'unknown-variant'
  | 'unknown-release'
  | 'already-published'
  | 'invalid-content'
  | 'validation-timeout'
  | 'not-found'
  | 'unreadable-artifact'
  | 'origin-mismatch'
  | 'revalidation-failed'
  | 'internal-error';

/**
 * The code of a `catalog-schema` run the API made (publish-release, rollback), passed on as the CLI
 * reported it (authoring's README "Exit codes"); `invalid-package` when it stopped on validation
 * diagnostics, which carry no code of their own.
 */
export type CatalogSchemaErrorCode = AuthoringErrorCode | 'internal' | 'invalid-package';

/** Every code an error body of the publisher API carries. */
export type PublisherErrorCode = RepublishErrorCode | CatalogSchemaErrorCode;

/** The statuses the publisher API answers with. */
export type RepublishErrorStatus = 400 | 403 | 404 | 409 | 413 | 415 | 500 | 502;

const STATUS: Record<RepublishErrorCode, RepublishErrorStatus> = {
  'cross-origin': 403,
  'unsupported-media-type': 415,
  'body-too-large': 413,
  'invalid-body': 400,
  'invalid-query': 400,
  'unknown-endpoint': 404,
  'unknown-artifact': 400,
  'unknown-package': 404,
  'unknown-variant': 404,
  'unknown-release': 404,
  'already-published': 409,
  'invalid-content': 400,
  'validation-timeout': 400,
  'not-found': 404,
  'unreadable-artifact': 409,
  'origin-mismatch': 502,
  'revalidation-failed': 502,
  'internal-error': 500,
};

/**
 * The statuses of the CLI's codes: a version never published is 404; a release the published
 * versions or the package refuse (the publish gate, validation) is 409; a store, an origin or the
 * host that failed is 502; any other code is the playground's fault, 500.
 */
const CLI_STATUS: Partial<Record<CatalogSchemaErrorCode, RepublishErrorStatus>> = {
  'unknown-version': 404,
  'bump-too-small': 409,
  'migration-missing': 409,
  'migration-failed': 409,
  'field-change-undeclared': 409,
  'publish-invalid-variant': 409,
  'invalid-package': 409,
  'store-failed': 502,
  'module-unreadable': 502,
  'verify-failed': 502,
  'revalidate-failed': 502,
};

const statusOf = (code: PublisherErrorCode): RepublishErrorStatus =>
  code in STATUS ? STATUS[code as RepublishErrorCode] : (CLI_STATUS[code as CatalogSchemaErrorCode] ?? 500);

/** A request of the publisher API that could not be done; nothing was revalidated. */
export class RepublishError extends Error {
  override readonly name = 'RepublishError';
  readonly code: PublisherErrorCode;
  /** The HTTP status the publisher API answers with. */
  readonly status: RepublishErrorStatus;

  constructor(code: PublisherErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.status = statusOf(code);
  }
}

/** A RepublishError after the publishing tool ran: the steps it reported before it stopped. */
export class RepublishStepsError extends RepublishError {
  readonly steps: readonly PublishEvent[];
  constructor(code: PublisherErrorCode, message: string, steps: readonly PublishEvent[], cause?: unknown) {
    super(code, message, { cause });
    this.steps = steps;
  }
}
