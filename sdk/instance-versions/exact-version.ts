import parse from 'semver/functions/parse.js';

/** A saved or catalog version that is not one exact semver version: nothing is decided from it. */
export interface VersionFailure {
  /** Always false: nothing is decided from it. */
  readonly ok: false;
  /** The SdkError code this becomes (docs/sdk.md "Error codes, not messages"). */
  readonly code: 'invalid-version';
  /** Which value, and why it is not one exact version. */
  readonly message: string;
}

/** One exact version, read. */
export interface ExactVersion {
  /** The version as written (canonical, so the same text the host's `?version=` accepts). */
  readonly text: string;
  /** Its major. */
  readonly major: number;
  /** Its minor. */
  readonly minor: number;
  /** Its patch. */
  readonly patch: number;
  /** Whether it has a prerelease part (`1.1.0-beta.1`). */
  readonly prerelease: boolean;
}

/** npm's bound on a version string (semver's MAX_LENGTH): nothing longer is ever published. */
const MAX_VERSION_LENGTH = 256;

/**
 * `value` as one exact version, or `invalid-version` naming it as `what`: the rule of the host's `?version=`
 * (host/routes/requested-version.ts), so a version the SDK accepts is one the host serves. Not a
 * string, longer than 256, a range, a loose form semver would rewrite (`v1.0.0`, ` 1.0.0`) or
 * build metadata (npm drops it on publish) is refused. Total: any input gets an answer.
 */
export function readExactVersion(
  value: unknown,
  what = 'version',
): { readonly ok: true; readonly version: ExactVersion } | VersionFailure {
  const parsed = typeof value === 'string' && value.length <= MAX_VERSION_LENGTH ? parse(value) : null;
  if (parsed === null || parsed.version !== value) {
    return {
      ok: false,
      code: 'invalid-version',
      message: `Invalid ${what}: ${shown(value)} is not one exact semver version, such as 1.2.0`,
    };
  }
  const { major, minor, patch, prerelease } = parsed;
  return { ok: true, version: { text: value, major, minor, patch, prerelease: prerelease.length > 0 } };
}

/** A hostile value shown in a message: bounded, whatever it is. */
function shown(value: unknown): string {
  if (typeof value !== 'string') return value === null ? 'null' : typeof value;
  const quoted = JSON.stringify(value);
  return quoted.length > 60 ? `${quoted.slice(0, 57)}..."` : quoted;
}
