import compare from 'semver/functions/compare.js';
import { type ExactVersion, readExactVersion, type VersionFailure } from './exact-version.js';

/** Which entry an instance renders and edits with: the catalog's, or that of its own saved version (`?version=`). */
export type EntryVersion =
  | {
      /** Always true: both versions were exact. */
      readonly ok: true;
      /** The catalog's entry. */
      readonly use: 'catalog';
    }
  | {
      /** Always true: both versions were exact. */
      readonly ok: true;
      /** The entry of the saved version (`?version=`). */
      readonly use: 'saved';
      /** The saved version, to ask the host for. */
      readonly version: string;
    };

/** The version an edit records ({@link versionOnEdit}). */
export interface EditedVersion {
  /** Always true: both versions were exact. */
  readonly ok: true;
  /** The version the edited instance is saved with. */
  readonly version: string;
}

/**
 * docs/design.md "Which entry an instance uses": an instance saved under the catalog version's
 * major renders with the catalog's entry (the publish gate makes every later version of a major
 * accept its earlier props); one of another major with the entry of its own saved version, never
 * with another major's fields. An instance newer than the catalog within its major (the catalog
 * was rolled back) also keeps its own version: the gate's promise runs forward only, so an older
 * minor may not know its props.
 */
export function entryVersionFor(savedVersion: unknown, catalogVersion: unknown): EntryVersion | VersionFailure {
  const read = readBoth(savedVersion, catalogVersion);
  if (!read.ok) return read;
  return usesCatalog(read.saved, read.catalog)
    ? { ok: true, use: 'catalog' }
    : { ok: true, use: 'saved', version: read.saved.text };
}

/**
 * The version an instance records when it is next edited: the catalog's when it renders with the
 * catalog's entry ({@link entryVersionFor}), else its own, unchanged.
 */
export function versionOnEdit(savedVersion: unknown, catalogVersion: unknown): EditedVersion | VersionFailure {
  const read = readBoth(savedVersion, catalogVersion);
  if (!read.ok) return read;
  return { ok: true, version: usesCatalog(read.saved, read.catalog) ? read.catalog.text : read.saved.text };
}

/** Same major, and not newer than the catalog. */
export function usesCatalog(saved: ExactVersion, catalog: ExactVersion): boolean {
  return saved.major === catalog.major && compare(saved.text, catalog.text) <= 0;
}

/** Both versions read, or the first that is not one exact version. */
export function readBoth(
  savedVersion: unknown,
  catalogVersion: unknown,
): { readonly ok: true; readonly saved: ExactVersion; readonly catalog: ExactVersion } | VersionFailure {
  const saved = readExactVersion(savedVersion, 'saved version');
  if (!saved.ok) return saved;
  const catalog = readExactVersion(catalogVersion, 'catalog version');
  if (!catalog.ok) return catalog;
  return { ok: true, saved: saved.version, catalog: catalog.version };
}
