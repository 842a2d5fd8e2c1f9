/** Stable codes of the errors that stop a command before or outside validation. */
export type AuthoringErrorCode =
  | 'usage'
  | 'package-root-missing'
  | 'config-invalid'
  | 'cache-missing'
  | 'cache-stale'
  | 'output-failed'
  | 'rename-unknown-id'
  | 'rename-target-exists'
  | 'rename-failed'
  | 'variant-unknown';

/**
 * Exit code of the CLI for each error code (README "Exit codes"): 2 when the command line is at
 * fault, malformed or naming something that is not there (a root folder, a `--config` file, a
 * component for `--component` or `--old`); 1 when the package, its config or the work fails.
 */
const exitCodeByCode: Record<AuthoringErrorCode, 1 | 2> = {
  usage: 2,
  'package-root-missing': 2,
  'config-invalid': 1,
  'cache-missing': 1,
  'cache-stale': 1,
  'output-failed': 1,
  'rename-unknown-id': 2,
  'rename-target-exists': 1,
  'rename-failed': 1,
  'variant-unknown': 2,
};

/** The one error class of authoring/: a stable `code`, the CLI exit code it maps to, and `cause`. */
export class AuthoringError extends Error {
  override readonly name = 'AuthoringError';
  readonly code: AuthoringErrorCode;
  readonly exitCode: 1 | 2;

  constructor(code: AuthoringErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.exitCode = exitCodeByCode[code];
  }
}
