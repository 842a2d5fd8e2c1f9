import { AuthoringError } from '../authoring-error.js';
import { jsonBytes, sha256Hex } from './content-hash.js';
import type { ObjectStore } from './object-store.js';
import { verifyThroughOrigin } from './verify-through-origin.js';

/** The key of a version's Strapi attributes snapshot, beside its five artifacts. */
export const attributesKey = (pkg: string, version: string) => `${pkg}@${version}/strapi-attributes.json`;
/** The key of a package's index of published versions. */
export const versionIndexKey = (pkg: string) => `${pkg}/versions.json`;
/** The snapshot and index format; another one is refused, never guessed at. */
export const recordFormat = 1;
/** Versions an index lists at most; a longer one is refused as not an index. */
const maxIndexed = 10_000;

/** Where the records go: the artifacts store and the origin that serves it (a publish's targets). */
export interface RecordTargets {
  readonly artifacts: ObjectStore;
  readonly artifactsOrigin: string;
}

/** The Strapi component of a version as published (docs/authoring-versions.md "Strapi attributes"). */
export interface AttributesSnapshot {
  /** The version of this record's shape (1). */
  readonly format: typeof recordFormat;
  /** The component id (`hero.hero1`). */
  readonly component: string;
  /** Attribute name → the compiled attribute without its UI keys, its options spread in. */
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** `major.minor.patch` of a semver version (prerelease and build left out), or undefined. */
export function versionParts(version: string): [number, number, number] | undefined {
  const match = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:[-+].*)?$/.exec(version);
  if (match === null) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Versions sorted by major, minor, patch (not semver versions last, in text order). */
export function compareVersions(a: string, b: string): number {
  const x = versionParts(a);
  const y = versionParts(b);
  if (x === undefined || y === undefined) return x === y ? a.localeCompare(b) : x === undefined ? 1 : -1;
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/**
 * The versions a parsed `<package>/versions.json` lists, sorted and without repeats; empty when
 * there is none (`raw` undefined). Anything but an index of {@link recordFormat} for `pkg` is
 * `store-failed` naming `where`.
 */
export function parseVersionIndex(raw: unknown, pkg: string, where: string): string[] {
  if (raw === undefined) return [];
  const index = raw as { format?: unknown; package?: unknown; versions?: unknown } | null;
  const valid =
    typeof index === 'object' &&
    index !== null &&
    index.format === recordFormat &&
    index.package === pkg &&
    Array.isArray(index.versions) &&
    index.versions.length <= maxIndexed &&
    index.versions.every((version) => typeof version === 'string' && versionParts(version) !== undefined);
  if (!valid)
    throw new AuthoringError(
      'store-failed',
      `${versionIndexKey(pkg)} on ${where} is not a version index of format ${recordFormat} for ${pkg}`,
    );
  return [...new Set(index.versions as string[])].sort(compareVersions);
}

/** Anything objects are read from by key: a store, or the origin the host reads. */
export interface KeyedSource {
  readonly description: string;
  get(key: string): Promise<Uint8Array | undefined>;
}

/** The JSON at `key`, undefined when absent; bytes that are not JSON are `store-failed` naming the key. */
export async function readStoredJson(source: KeyedSource, key: string): Promise<unknown> {
  const bytes = await source.get(key);
  if (bytes === undefined) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    throw new AuthoringError(
      'store-failed',
      `${key} on ${source.description} is not JSON: ${(error as Error).message}`,
    );
  }
}

/**
 * Records a version just published (docs/authoring-versions.md "Where published versions are
 * read"): its Strapi attributes snapshot beside its artifacts when given, and the version in
 * `<package>/versions.json`. Each object is put only when its bytes differ, then read back
 * through the artifacts origin like every artifact (`verify-failed` otherwise). Callers run it
 * once the catalog points at the version, so a failure leaves a version the next publish records.
 * Returns the keys written.
 */
export async function recordPublishedVersion(
  targets: RecordTargets,
  pkg: { readonly package: string; readonly version: string },
  snapshot: AttributesSnapshot | undefined,
): Promise<string[]> {
  const written: string[] = [];
  const put = async (key: string, value: unknown) => {
    const bytes = jsonBytes(value);
    const stored = await targets.artifacts.get(key);
    if (stored !== undefined && sha256Hex(stored) === sha256Hex(bytes)) return;
    await targets.artifacts.put(key, bytes, { contentType: 'application/json; charset=utf-8' });
    await verifyThroughOrigin(`${targets.artifactsOrigin}/${key}`, sha256Hex(bytes), key);
    written.push(key);
  };
  if (snapshot !== undefined) await put(attributesKey(pkg.package, pkg.version), snapshot);
  const key = versionIndexKey(pkg.package);
  const versions = parseVersionIndex(
    await readStoredJson(targets.artifacts, key),
    pkg.package,
    targets.artifacts.description,
  );
  if (!versions.includes(pkg.version)) {
    await put(key, {
      format: recordFormat,
      package: pkg.package,
      versions: [...versions, pkg.version].sort(compareVersions),
    });
  }
  return written;
}
