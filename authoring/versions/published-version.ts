import { parseCatalog } from '@runtime-component-catalog/contracts';
import { AuthoringError } from '../authoring-error.js';
import {
  type AttributesSnapshot,
  attributesKey,
  parseVersionIndex,
  readStoredJson,
  recordFormat,
  versionIndexKey,
} from '../publish/published-record.js';
import { compareVersions, versionParts } from './bump.js';
import type { PublishedSource } from './published-source.js';

export { type AttributesSnapshot, attributesKey, recordFormat, versionIndexKey };

/** What diff and the migration checks need of one published version. */
export interface PublishedVersion {
  readonly version: string;
  /** schema.json: the props schema. */
  readonly schema: unknown;
  /** data.json: the default props. */
  readonly data: unknown;
  /** The Strapi attributes snapshot; undefined for a version published without one. */
  readonly attributes: AttributesSnapshot | undefined;
}

const readJson = readStoredJson;

/** The catalog's version of `pkg` (the last published), or undefined when the catalog lacks it or there is no catalog. */
export async function lastPublishedVersion(
  source: PublishedSource,
  catalogKey: string,
  pkg: string,
): Promise<string | undefined> {
  const raw = await readJson(source, catalogKey);
  if (raw === undefined) return undefined;
  const parsed = parseCatalog(raw);
  if (!parsed.ok)
    throw new AuthoringError(
      'store-failed',
      `${catalogKey} on ${source.description} is not a catalog: ${parsed.issues.slice(0, 3).join('; ')}`,
    );
  return parsed.catalog.packages.find((entry) => entry.package === pkg)?.version;
}

/** The versions of `pkg` its index lists (publish writes it), sorted; empty when there is no index. */
export async function indexedVersions(source: PublishedSource, pkg: string): Promise<string[]> {
  return parseVersionIndex(await readJson(source, versionIndexKey(pkg)), pkg, source.description);
}

/** Whether a value is a snapshot of the known format. */
function isSnapshot(value: unknown): value is AttributesSnapshot {
  const snapshot = value as Partial<AttributesSnapshot> | undefined;
  return (
    typeof snapshot === 'object' &&
    snapshot !== null &&
    snapshot.format === recordFormat &&
    typeof snapshot.component === 'string' &&
    typeof snapshot.attributes === 'object' &&
    snapshot.attributes !== null &&
    !Array.isArray(snapshot.attributes)
  );
}

/**
 * One published version of `pkg`: its schema.json, data.json and Strapi attributes snapshot. A
 * version without schema.json is `unknown-version`; a snapshot of another format `store-failed`.
 */
export async function readPublishedVersion(
  source: PublishedSource,
  pkg: string,
  version: string,
): Promise<PublishedVersion> {
  const [schema, data, attributes] = await Promise.all([
    readJson(source, `${pkg}@${version}/schema.json`),
    readJson(source, `${pkg}@${version}/data.json`),
    readJson(source, attributesKey(pkg, version)),
  ]);
  if (schema === undefined)
    throw new AuthoringError(
      'unknown-version',
      `${pkg}@${version} is not published on ${source.description}: no schema.json`,
    );
  if (attributes !== undefined && !isSnapshot(attributes)) {
    throw new AuthoringError(
      'store-failed',
      `${attributesKey(pkg, version)} on ${source.description} is not a snapshot of format ${recordFormat}`,
    );
  }
  return { version, schema, data, attributes };
}

/**
 * For each major below `major` that was published, its last version (from the index, plus the
 * catalog's version), in major order: what the migration chains start from.
 */
export function lastOfEarlierMajors(versions: readonly string[], major: number): string[] {
  const last = new Map<number, string>();
  for (const version of [...versions].sort(compareVersions)) {
    const parts = versionParts(version);
    if (parts !== undefined && parts[0] < major) last.set(parts[0], version);
  }
  return [...last.entries()].sort((a, b) => a[0] - b[0]).map(([, version]) => version);
}
