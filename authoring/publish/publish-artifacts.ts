import { ARTIFACT_NAMES, type ArtifactName, artifactUrl } from '@runtime-component-catalog/contracts';
import { AuthoringError } from '../authoring-error.js';
import type { CatalogUpdate } from './catalog-update.js';
import { sha256Hex } from './content-hash.js';
import type { ObjectStore } from './object-store.js';
import { type PendingRevalidation, type PublishManifest, readManifest, writeManifest } from './publish-manifest.js';
import { type AttributesSnapshot, recordPublishedVersion } from './published-record.js';
import { type HostTarget, revalidateOnHost } from './revalidate-host.js';
import { verifyThroughOrigin } from './verify-through-origin.js';

/** Where a publish puts things and whom it tells (docs/design.md "Publishing"). */
export interface PublishTargets {
  /** The artifacts store, served by `artifactsOrigin` (the URL the host reads). */
  readonly artifacts: ObjectStore;
  /** The origin the host reads artifacts from: every upload is read back through it. */
  readonly artifactsOrigin: string;
  /** The embedded default only: the folder or bucket the ESM origin serves, where the built module goes. */
  readonly esm: ObjectStore | undefined;
  /** The ESM origin of the module URLs (the host's `ESM_ORIGIN`). */
  readonly esmOrigin: string;
  /** The catalog's key in the artifacts store (a new variant is listed there), or undefined: not managed. */
  readonly catalogKey: string | undefined;
  /** The host to revalidate. */
  readonly host: HostTarget;
}

/** The steps a publish reports, in the order they happen. */
export type PublishStep = 'publish' | 'module' | 'artifact' | 'catalog' | 'upload' | 'verify' | 'revalidate' | 'done';

/** One progress report: its step and the line the CLI prints. */
export interface PublishEvent {
  /** The step reported. */
  readonly step: PublishStep;
  /** The line the CLI prints for it. */
  readonly text: string;
}

/** How {@link publishArtifacts} runs. */
export interface PublishOptions {
  /** Report what would be uploaded and revalidated, and do nothing. */
  readonly dryRun: boolean;
  /** Upload and revalidate every artifact given, whatever the manifest says. */
  readonly force: boolean;
  /** One event per step and per artifact, as it happens. */
  readonly progress: (event: PublishEvent) => void;
}

/** A package version as publish addresses it: the catalog id the host revalidates, name and version. */
export interface PublishedPackage {
  /** The catalog id the host revalidates. */
  readonly packageId: string;
  /** The npm package name. */
  readonly package: string;
  /** The version published. */
  readonly version: string;
}

/** What changed besides the artifacts, decided by the caller (publishVariant). */
export interface PublishExtras {
  /** The module files changed and are verified on the ESM store: the package is revalidated. */
  readonly moduleChanged?: boolean;
  /** The hash of the module files to record in the manifest. */
  readonly moduleHash?: string | undefined;
  /** The catalog with this package in it; uploaded after every artifact is verified. */
  readonly catalog?: CatalogUpdate | undefined;
  /** The store's manifest of this version, when the caller has already read it (not read again). */
  readonly manifest?: PublishManifest | undefined;
  /** The version's Strapi attributes snapshot, recorded beside its artifacts (publish/published-record.ts). */
  readonly attributes?: AttributesSnapshot | undefined;
}

/** What a publish did (or, with dryRun, would do). */
export interface ArtifactsPublish {
  /** Store keys written, in order. */
  readonly uploaded: readonly string[];
  /** Revalidate calls the host answered 2xx: `package` or an artifact name. */
  readonly revalidated: readonly PendingRevalidation[];
  /** Nothing had changed: nothing was uploaded or revalidated. */
  readonly upToDate: boolean;
}

const short = (hash: string) => `${hash.slice(0, 12)}…`;

/** The revalidate calls for `pending`: one package call when the package or all five artifacts are due. */
function revalidateCalls(pending: readonly PendingRevalidation[]): PendingRevalidation[] {
  if (pending.includes('package') || ARTIFACT_NAMES.every((name) => pending.includes(name))) return ['package'];
  return ARTIFACT_NAMES.filter((name) => pending.includes(name));
}

/**
 * Publishes artifacts of one package version in the order of spec 4.2: compares each with the
 * store's manifest (`<package>@<version>/publish-manifest.json`), uploads only the changed ones,
 * reads each back through `{artifacts_origin}` and compares SHA-256, uploads the catalog once
 * every artifact it points at is verified, and only then calls revalidate: one call per changed
 * artifact, or one package call when all five (or the module, or the catalog) changed. The
 * manifest records each verified artifact and what the host has not confirmed, so a re-run after
 * any failure uploads nothing verified again and revalidates what is still due. Before the
 * revalidations, the version records (`<package>/versions.json`, the Strapi attributes snapshot
 * when given) are put where they differ and verified the same way. Nothing changed and nothing
 * due: "up to date", no request to the host. Artifacts not given are left alone.
 */
export async function publishArtifacts(
  targets: PublishTargets,
  pkg: PublishedPackage,
  artifacts: ReadonlyMap<ArtifactName, Uint8Array>,
  extras: PublishExtras,
  options: PublishOptions,
): Promise<ArtifactsPublish> {
  const { progress, dryRun } = options;
  const coordinates = { package: pkg.package, version: pkg.version };
  const stored = extras.manifest ?? (await readManifest(targets.artifacts, coordinates));
  const manifest: PublishManifest = options.force ? { ...stored, artifacts: {} } : stored;
  const { catalog } = extras;
  const changed: ArtifactName[] = [];
  for (const [name, bytes] of artifacts) {
    const hash = sha256Hex(bytes);
    const same = manifest.artifacts[name] === hash;
    if (!same) changed.push(name);
    progress({ step: 'artifact', text: `artifact ${name}: ${same ? 'unchanged' : 'changed'} (sha256 ${short(hash)})` });
  }
  if (catalog !== undefined)
    progress({ step: 'catalog', text: `catalog ${targets.catalogKey}: ${catalog.changed ? 'changed' : 'unchanged'}` });
  const due = new Set<PendingRevalidation>(manifest.pending);
  if (changed.length === 0 && !extras.moduleChanged && !catalog?.changed && due.size === 0) {
    progress({ step: 'done', text: 'up to date: nothing uploaded, nothing revalidated' });
    return { uploaded: [], revalidated: [], upToDate: true };
  }
  for (const name of changed) due.add(name);
  if (extras.moduleChanged || catalog?.changed) due.add('package');
  const callName = (call: PendingRevalidation) => (call === 'package' ? `package ${pkg.packageId}` : call);
  if (dryRun) {
    for (const name of changed)
      progress({
        step: 'upload',
        text: `upload: would put ${pkg.package}@${pkg.version}/${name} on ${targets.artifacts.description}`,
      });
    if (catalog?.changed)
      progress({ step: 'upload', text: `upload: would put ${targets.catalogKey} on ${targets.artifacts.description}` });
    for (const call of revalidateCalls([...due]))
      progress({
        step: 'revalidate',
        text: `revalidate: would call ${targets.host.url}/api/revalidate for ${callName(call)}`,
      });
    return { uploaded: [], revalidated: [], upToDate: false };
  }

  // Upload and verify each changed artifact; the manifest records every verified one.
  const uploaded: string[] = [];
  const verified: Partial<Record<ArtifactName, string>> = { ...manifest.artifacts };
  const failures: unknown[] = [];
  await Promise.all(
    changed.map(async (name) => {
      const bytes = artifacts.get(name);
      // `changed` holds only names read from `artifacts` above.
      if (bytes === undefined) return;
      const key = `${pkg.package}@${pkg.version}/${name}`;
      try {
        await targets.artifacts.put(key, bytes, { contentType: 'application/json' });
        uploaded.push(key);
        progress({
          step: 'upload',
          text: `upload: ${key} on ${targets.artifacts.description} (${bytes.byteLength} bytes)`,
        });
        const hash = sha256Hex(bytes);
        await verifyThroughOrigin(artifactUrl(targets.artifactsOrigin, coordinates, name), hash, name);
        verified[name] = hash;
        progress({ step: 'verify', text: `verify: ${name} ok through ${targets.artifactsOrigin}` });
      } catch (error) {
        due.delete(name);
        failures.push(error);
      }
    }),
  );
  const moduleHash = extras.moduleHash ?? manifest.module;
  const record = (): PublishManifest => ({
    format: 1,
    package: pkg.package,
    version: pkg.version,
    artifacts: verified,
    ...(moduleHash === undefined ? {} : { module: moduleHash }),
    // A package revalidation covers every artifact.
    pending: due.has('package') ? ['package'] : [...due],
  });
  if (failures.length > 0) {
    // What was verified is kept (not uploaded again); what is due stays due.
    await writeManifest(targets.artifacts, record()).catch(() => undefined);
    // The code comes from the typed error: verifyThroughOrigin throws `verify-failed`; anything else is the store's.
    const verifyFailed = failures.some((error) => error instanceof AuthoringError && error.code === 'verify-failed');
    const messages = failures.map((error) => (error as Error).message);
    throw new AuthoringError(
      verifyFailed ? 'verify-failed' : 'store-failed',
      `${messages.join('; ')}; nothing was revalidated`,
    );
  }
  // The catalog, once every artifact it points at is in place.
  if (catalog?.changed && targets.catalogKey !== undefined) {
    await targets.artifacts.put(targets.catalogKey, catalog.bytes, { contentType: 'application/json' });
    uploaded.push(targets.catalogKey);
    progress({ step: 'upload', text: `upload: ${targets.catalogKey} on ${targets.artifacts.description}` });
    await verifyThroughOrigin(
      `${targets.artifactsOrigin}/${targets.catalogKey}`,
      sha256Hex(catalog.bytes),
      targets.catalogKey,
    );
    progress({ step: 'verify', text: `verify: ${targets.catalogKey} ok through ${targets.artifactsOrigin}` });
  }
  if (changed.length > 0 || extras.moduleChanged || catalog?.changed) await writeManifest(targets.artifacts, record());
  // The version records, once the catalog points at the version; a failure leaves the revalidations due.
  for (const key of await recordPublishedVersion(targets, pkg, extras.attributes)) {
    uploaded.push(key);
    progress({ step: 'upload', text: `record: put and verified ${key}` });
  }

  // Only now: revalidate, recording each confirmation.
  const revalidated: PendingRevalidation[] = [];
  try {
    for (const call of revalidateCalls([...due])) {
      const tag = await revalidateOnHost(targets.host, pkg.packageId, call === 'package' ? undefined : call);
      revalidated.push(call);
      if (call === 'package') due.clear();
      else due.delete(call);
      progress({ step: 'revalidate', text: `revalidate: ${callName(call)} → 200${tag ? ` (${tag})` : ''}` });
    }
  } finally {
    if (revalidated.length > 0) await writeManifest(targets.artifacts, record()).catch(() => undefined);
  }
  return { uploaded, revalidated, upToDate: false };
}
