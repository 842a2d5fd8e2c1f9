import type { ArtifactName } from './artifact-name.js';
import type { PackageUrls } from './package-artifacts.js';

/** What the URL rules need to know of a package. */
export interface PackageCoordinates {
  /** The npm package name. */
  package: string;
  /** The exact version. */
  version: string;
}

/**
 * Spec 2.3: `{artifacts_origin}/<package_name>@<version>`. Plain concatenation, nothing
 * percent-encoded (docs/design.md); the origin is given without a trailing slash.
 */
export function artifactBaseUrl(artifactsOrigin: string, pkg: PackageCoordinates): string {
  return `${artifactsOrigin}/${pkg.package}@${pkg.version}`;
}

/** Spec 2.3: artifact URL = base + `/` + artifact name. */
export function artifactUrl(artifactsOrigin: string, pkg: PackageCoordinates, artifact: ArtifactName): string {
  return `${artifactBaseUrl(artifactsOrigin, pkg)}/${artifact}`;
}

/** Spec 2.3: `{esm_origin}/<package_name>@<version>?target=es2022&external=<comma-joined externals>`. */
export function moduleUrl(esmOrigin: string, pkg: PackageCoordinates, externals: readonly string[]): string {
  return `${esmOrigin}/${pkg.package}@${pkg.version}?target=es2022&external=${externals.join(',')}`;
}

/** The five artifact URLs and the module URL of a package version (spec 2.4 `urls`). */
export function packageUrls(
  origins: { artifactsOrigin: string; esmOrigin: string },
  pkg: PackageCoordinates,
  externals: readonly string[],
): PackageUrls {
  return {
    descriptor: artifactUrl(origins.artifactsOrigin, pkg, 'descriptor.json'),
    data: artifactUrl(origins.artifactsOrigin, pkg, 'data.json'),
    puck: artifactUrl(origins.artifactsOrigin, pkg, 'puck.json'),
    meta: artifactUrl(origins.artifactsOrigin, pkg, 'meta.json'),
    schema: artifactUrl(origins.artifactsOrigin, pkg, 'schema.json'),
    module: moduleUrl(origins.esmOrigin, pkg, externals),
  };
}
