/** Stable codes of every SDK failure; code against these, not the messages. */
export type SdkErrorCode =
  | 'network'
  | 'invalid-catalog'
  | 'unknown-package'
  | 'host-error'
  | 'missing-external'
  | 'incompatible-host-api'
  | 'integrity'
  | 'module-load'
  | 'store-conflict'
  | 'store-blocked'
  | 'store-unmappable'
  | 'store-unauthorized'
  | 'store-rejected'
  | 'store-config-invalid'
  | 'not-found'
  | 'insert-timeout'
  | 'render-failed'
  | 'invalid-version'
  | 'unknown-version'
  | 'migration-missing'
  | 'migration-failed'
  | 'browser-required';

/** The one error class of the SDK: a stable `code`, the context to act on, the original error in `cause`. */
export class SdkError extends Error {
  /** Always `SdkError`. */
  override readonly name = 'SdkError';
  /** The stable code of the failure. */
  readonly code: SdkErrorCode;
  /** The host's HTTP status, for `host-error` (and 404 for `unknown-package` and `not-found`). */
  readonly status: number | undefined;
  /** The externals the page did not register, for `missing-external`. */
  readonly missing: readonly string[] | undefined;
  /** The instance an insert failed for (the Puck adapter's `insert`). */
  readonly instanceId: string | undefined;

  constructor(
    code: SdkErrorCode,
    message: string,
    options?: { cause?: unknown; status?: number; missing?: readonly string[]; instanceId?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options?.status;
    this.missing = options?.missing;
    this.instanceId = options?.instanceId;
  }
}
