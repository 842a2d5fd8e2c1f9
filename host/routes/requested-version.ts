import type { Context } from 'hono';
import semver from 'semver';
import { HostError } from '../host-error.js';

// The query parameter that asks for a published version of a package (docs/design.md HTTP contract).
const VERSION_PARAM = 'version';

/** npm's bound on a version string (semver's MAX_LENGTH): nothing longer is ever published. */
const MAX_VERSION_LENGTH = 256;

/**
 * The exact version an entry or artifact request asks for with `?version=<semver>`, or undefined
 * without the parameter. Anything but one exact version in canonical form is HostError
 * `invalid-version`: given twice (which one would be ambiguous), empty, a range (`^1.0.0`), a loose
 * form semver would rewrite (`v1.0.0`, ` 1.0.0`), or build metadata (`1.0.0+b`: npm drops it when
 * it publishes, so it names no published version and would make a second cache key for one).
 * Prereleases (`1.1.0-beta.1`) are published versions and are accepted.
 */
export function requestedVersion(c: Context): string | undefined {
  const url = c.req.url;
  // Most entry requests carry no query: they skip the parsing.
  const query = url.indexOf('?');
  if (query === -1) return undefined;
  // URLSearchParams (the platform's form decoding), neither Hono's `c.req.queries` nor a split by
  // hand: docs/host-performance.md "Warm versioned entry".
  const values = new URLSearchParams(url.slice(query + 1)).getAll(VERSION_PARAM);
  if (values.length === 0) return undefined;
  const [value] = values;
  if (values.length !== 1 || value === undefined || !isExactVersion(value)) {
    throw new HostError('invalid-version', 'Invalid version: expected one exact semver version, such as 1.2.0');
  }
  return value;
}

function isExactVersion(value: string): boolean {
  return value.length <= MAX_VERSION_LENGTH && semver.valid(value) === value;
}
