import compare from 'semver/functions/compare.js';
import { readBoth } from './entry-version.js';
import type { ExactVersion, VersionFailure } from './exact-version.js';

/**
 * How far a saved instance's version is from the catalog's. Only the first part that differs is
 * counted, the later ones are 0 (`1.9.3` → `2.0.0` is 1 major behind, not "1 major, -9 minors").
 * A prerelease of the same `x.y.z` is behind with every count 0.
 */
export interface VersionDistance {
  /** Always true: both versions were exact. */
  readonly ok: true;
  /**
   * `ahead`: saved under a version newer than the catalog's (the catalog was rolled back); that
   * instance keeps its own version (docs/design.md "Which entry an instance uses").
   */
  readonly status: 'current' | 'behind' | 'ahead';
  /** Majors between them (the first part that differs; then minors and patches are 0). */
  readonly majors: number;
  /** Minors between them, when the majors are equal. */
  readonly minors: number;
  /** Patches between them, when majors and minors are equal. */
  readonly patches: number;
  /** For the list and the canvas: `2 majors behind`, `1 minor ahead`, `up to date`. */
  readonly label: string;
}

/** How far `savedVersion` is behind (or ahead of) `catalogVersion`; `invalid-version` when either is not one exact version. */
export function behind(savedVersion: unknown, catalogVersion: unknown): VersionDistance | VersionFailure {
  const read = readBoth(savedVersion, catalogVersion);
  if (!read.ok) return read;
  const order = compare(read.saved.text, read.catalog.text);
  if (order === 0) return { ok: true, status: 'current', majors: 0, minors: 0, patches: 0, label: 'up to date' };
  const [older, newer] = order < 0 ? [read.saved, read.catalog] : [read.catalog, read.saved];
  const status = order < 0 ? 'behind' : 'ahead';
  const counts = distance(older, newer);
  return { ok: true, status, ...counts, label: `${label(counts)} ${status}` };
}

function distance(older: ExactVersion, newer: ExactVersion): { majors: number; minors: number; patches: number } {
  if (older.major !== newer.major) return { majors: newer.major - older.major, minors: 0, patches: 0 };
  if (older.minor !== newer.minor) return { majors: 0, minors: newer.minor - older.minor, patches: 0 };
  return { majors: 0, minors: 0, patches: newer.patch - older.patch };
}

function label({ majors, minors, patches }: { majors: number; minors: number; patches: number }): string {
  if (majors > 0) return plural(majors, 'major');
  if (minors > 0) return plural(minors, 'minor');
  if (patches > 0) return plural(patches, 'patch', 'patches');
  return 'a prerelease';
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
