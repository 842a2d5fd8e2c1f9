import type { ArtifactName } from './artifact-name.js';

/** Spec 3: the tag of the catalog source and of every build made from it (docs/design.md). */
export const CATALOG_TAG = 'runtime-catalog';

/** Spec 3: `runtime-artifact:<packageId>:<artifactName>`. */
export function artifactTag(packageId: string, artifact: ArtifactName): string {
  return `runtime-artifact:${packageId}:${artifact}`;
}

/** Spec 3: `runtime-package:<packageId>`. */
export function packageTag(packageId: string): string {
  return `runtime-package:${packageId}`;
}

/**
 * Spec 3: the key parts of one artifact's cache entry. The version is a part, so different
 * versions never share a value (spec 9.1).
 */
export function artifactCacheKeyParts(
  packageId: string,
  version: string,
  artifact: ArtifactName,
): readonly [string, string, string, string] {
  return ['runtime-artifact-fetch', packageId, version, artifact];
}

/** Joins key parts into one store key; JSON keeps parts containing any separator apart. */
export function cacheKey(parts: readonly string[]): string {
  return JSON.stringify(parts);
}
