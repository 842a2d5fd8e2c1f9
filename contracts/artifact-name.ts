/** The five JSON artifacts of every package and version, in spec 2.3 order. */
export const ARTIFACT_NAMES = ['descriptor.json', 'data.json', 'schema.json', 'puck.json', 'meta.json'] as const;

/** One artifact file name (spec 2.3: an enum). */
export type ArtifactName = (typeof ARTIFACT_NAMES)[number];

const artifactNames: ReadonlySet<string> = new Set(ARTIFACT_NAMES);

/** Whether `value` is one of the five artifact names; anything else (other types included) is not. */
export function isArtifactName(value: unknown): value is ArtifactName {
  return typeof value === 'string' && artifactNames.has(value);
}
