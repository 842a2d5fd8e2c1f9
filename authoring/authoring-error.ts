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
  | 'variant-unknown'
  | 'builder-missing'
  | 'registry-failed'
  | 'install-failed'
  // publish (spec 4.2, 9): each names the step that failed
  | 'publish-config-missing'
  | 'publish-invalid-variant'
  | 'store-failed'
  | 'module-unreadable'
  | 'verify-failed'
  | 'revalidate-failed'
  // releases (spec 9.5): change sets, release --staging, promote
  | 'changeset-invalid'
  | 'release-config-missing'
  | 'release-not-built'
  | 'npm-publish-failed'
  | 'promote-not-on-staging'
  | 'integrity-mismatch'
  // init: a new schema package (docs/authoring-init.md "Starting a schema package: init")
  | 'init-target-invalid'
  | 'init-target-not-empty'
  | 'init-name-invalid'
  | 'init-cms-invalid'
  | 'init-conflict'
  // Versions over time (docs/authoring-versions.md).
  | 'bump-too-small'
  | 'migration-missing'
  | 'migration-failed'
  | 'unknown-version'
  | 'field-change-undeclared'
  | 'contract-blocked'
  | 'pages-need-migration'
  | 'migrate-pages-config-missing'
  | 'migrate-pages-failed';

/**
 * Exit code of the CLI for each error code (README "Exit codes"): 2 when the command line is at
 * fault, malformed or naming something that is not there (a root folder, a `--config` file, a
 * component for `--component` or `--old`, a builder project without package.json); 1 when the
 * package, its config or the work fails (the staging registry cannot be asked, npm install fails).
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
  // sync:deps: the builder project that config or --builder names is not there (like --root).
  'builder-missing': 2,
  'registry-failed': 1,
  'install-failed': 1,
  // publish: HOST_APP_URL or HOST_REVALIDATION_SECRET (or an origin or store) is not set.
  'publish-config-missing': 2,
  'publish-invalid-variant': 1,
  'store-failed': 1,
  'module-unreadable': 1,
  'verify-failed': 1,
  'revalidate-failed': 1,
  'changeset-invalid': 1,
  // release, promote: a registry URL or an npm token (CATALOG_*_TOKEN) is not set.
  'release-config-missing': 2,
  'release-not-built': 1,
  'npm-publish-failed': 1,
  'promote-not-on-staging': 1,
  'integrity-mismatch': 1,
  // init: the folder, --name, --scope or --cms-dir named on the command line is not usable (a file,
  // a symbolic link, a folder with files and no --force, an invalid npm name, no Strapi folder).
  'init-target-invalid': 2,
  'init-target-not-empty': 2,
  'init-name-invalid': 2,
  'init-cms-invalid': 2,
  // init --force: a file of the folder differs from the template's (the files are in the way, like rename-target-exists).
  'init-conflict': 1,
  'bump-too-small': 1,
  'migration-missing': 1,
  'migration-failed': 1,
  'unknown-version': 1,
  // generate: a field removed or retyped in the sources that no rename:field or deprecation declares.
  'field-change-undeclared': 1,
  // generate --contract while stored pages still hold a deprecated attribute.
  'contract-blocked': 1,
  // migrate-pages --check: instances of an older major are left.
  'pages-need-migration': 1,
  'migrate-pages-config-missing': 2,
  'migrate-pages-failed': 1,
};

/** The one error class of authoring/: a stable `code`, the CLI exit code it maps to, and `cause`. */
export class AuthoringError extends Error {
  /** Always `AuthoringError`. */
  override readonly name = 'AuthoringError';
  /** The stable code of the failure. */
  readonly code: AuthoringErrorCode;
  /** The CLI's exit code for it: 2 when the command line is at fault, 1 when the package or the work fails. */
  readonly exitCode: 1 | 2;

  constructor(code: AuthoringErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.exitCode = exitCodeByCode[code];
  }
}
