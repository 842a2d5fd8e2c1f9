import { AuthoringError } from '../authoring-error.js';
import { variantPattern } from '../model/variant-package.js';

/** A version of a variant package: `<scope>/ui-<variant>` and its semver. */
export interface PackageVersion {
  readonly name: string;
  readonly version: string;
}

/**
 * Semver 2.0.0 exactly (the grammar of semver.org): no `v`, no leading zero, no range or tag; a
 * registry lists versions in this form only. promote.yml's "Check the inputs" step has the same
 * pattern in POSIX ERE; authoring/templates/workflow-inputs.test.ts holds the two to one verdict.
 */
export const semverPattern =
  /^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

function refused(spec: string, scope: string): AuthoringError {
  // JSON.stringify: a control character or a line break of the operand shows as an escape, never raw.
  return new AuthoringError(
    'usage',
    `promote takes <package>@<version> of a variant package, such as ${scope}/ui-hero1@1.2.0 (strict semver); got ${JSON.stringify(spec)}`,
  );
}

/**
 * `<scope>/ui-<variant>@<version>` → name and version; anything else (an option, a range, a tag,
 * another scope, `v1.2.0`, a leading zero) is `usage` (exit 2). The scope is the config's, which
 * is already an npm scope.
 */
export function parsePackageVersion(spec: string, scope: string): PackageVersion {
  const at = spec.lastIndexOf('@');
  const name = at > 0 ? spec.slice(0, at) : spec;
  const version = at > 0 ? spec.slice(at + 1) : '';
  const prefix = `${scope}/ui-`;
  if (!name.startsWith(prefix) || !variantPattern.test(name.slice(prefix.length)) || !semverPattern.test(version))
    throw refused(spec, scope);
  return { name, version };
}

/** Throws `usage` unless `name` and `version` are exactly what parsePackageVersion gives for some operand. */
export function checkPackageVersion({ name, version }: PackageVersion, scope: string): void {
  const parsed = parsePackageVersion(`${name}@${version}`, scope);
  if (parsed.name !== name || parsed.version !== version) throw refused(`${name}@${version}`, scope);
}
