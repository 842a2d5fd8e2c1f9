import { ARTIFACT_NAMES, type ArtifactName, isArtifactName } from '@runtime-component-catalog/contracts';
import { jsonBytes } from './content-hash.js';
import type { ObjectStore } from './object-store.js';

/** What revalidate still has to confirm: an artifact, or the whole package (all five, the module or the catalog changed). */
export type PendingRevalidation = ArtifactName | 'package';

/**
 * The store's record of one `<package>@<version>` (docs/design.md "Publishing"), kept beside its
 * artifacts as `publish-manifest.json`: the SHA-256 of each artifact and of the module files as
 * verified through the origin, and what the host has not yet confirmed revalidating. Written only
 * after a verification or a confirmed revalidation, so a re-run resumes from it.
 */
export interface PublishManifest {
  readonly format: 1;
  readonly package: string;
  readonly version: string;
  /** Artifact → hex SHA-256 of the bytes verified through `{artifacts_origin}`. */
  readonly artifacts: Readonly<Partial<Record<ArtifactName, string>>>;
  /** Hex SHA-256 over the module files put on the ESM store (embedded default only), or absent. */
  readonly module?: string;
  /** Revalidations not yet answered 2xx by the host, in the order they are due. */
  readonly pending: readonly PendingRevalidation[];
}

/** The manifest's key in the artifacts store. */
export function manifestKey(pkg: { package: string; version: string }): string {
  return `${pkg.package}@${pkg.version}/publish-manifest.json`;
}

/** An empty manifest: nothing verified, nothing pending. */
export function emptyManifest(pkg: { package: string; version: string }): PublishManifest {
  return { format: 1, package: pkg.package, version: pkg.version, artifacts: {}, pending: [] };
}

const hexPattern = /^[0-9a-f]{64}$/;

/**
 * The manifest the store holds for `pkg`, or an empty one when there is none. A manifest that is
 * not ours (not JSON, another package or version, malformed entries) counts as none: every
 * artifact is then uploaded and verified again, which is always safe.
 */
export async function readManifest(
  store: ObjectStore,
  pkg: { package: string; version: string },
): Promise<PublishManifest> {
  const bytes = await store.get(manifestKey(pkg));
  if (bytes === undefined) return emptyManifest(pkg);
  try {
    const value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Record<string, unknown>;
    if (value.format !== 1 || value.package !== pkg.package || value.version !== pkg.version) throw new Error();
    const artifacts: Partial<Record<ArtifactName, string>> = {};
    const recorded = (value.artifacts ?? {}) as Record<string, unknown>;
    for (const name of ARTIFACT_NAMES) {
      const hash = recorded[name];
      if (typeof hash === 'string' && hexPattern.test(hash)) artifacts[name] = hash;
    }
    const pending = Array.isArray(value.pending)
      ? value.pending.filter((item): item is PendingRevalidation => item === 'package' || isArtifactName(item))
      : [];
    const module = typeof value.module === 'string' && hexPattern.test(value.module) ? value.module : undefined;
    return {
      format: 1,
      package: pkg.package,
      version: pkg.version,
      artifacts,
      ...(module === undefined ? {} : { module }),
      pending: [...new Set(pending)],
    };
  } catch {
    return emptyManifest(pkg);
  }
}

/** Writes the manifest (whole, through the store's atomic put). */
export async function writeManifest(store: ObjectStore, manifest: PublishManifest): Promise<void> {
  await store.put(manifestKey(manifest), jsonBytes(manifest), { contentType: 'application/json' });
}
