import { compareVersions, versionParts } from '../publish/published-record.js';

/** Version order and parts live with the version records publish writes (publish/ cannot import versions/). */
export { compareVersions, versionParts };

/** A version bump, smallest first; `none` is the same version. */
export type Bump = 'none' | 'patch' | 'minor' | 'major';

const order: readonly Bump[] = ['none', 'patch', 'minor', 'major'];

/** The larger of two bumps. */
export function maxBump(a: Bump, b: Bump): Bump {
  return order.indexOf(a) >= order.indexOf(b) ? a : b;
}

/** Whether `given` is at least `needed`. */
export function bumpCovers(given: Bump, needed: Bump): boolean {
  return order.indexOf(given) >= order.indexOf(needed);
}

/** The major of a semver version; NaN when it is not one. */
export function majorOf(version: string): number {
  return versionParts(version)?.[0] ?? Number.NaN;
}

/**
 * The bump that takes `from` to `to`, read from the first part that grows (`1.2.3` → `2.0.0` is
 * major, → `1.3.0` minor, → `1.2.4` patch); `none` when `to` is not greater, so that republishing
 * or going back never counts as a bump.
 */
export function bumpBetween(from: string, to: string): Bump {
  const a = versionParts(from);
  const b = versionParts(to);
  if (a === undefined || b === undefined) return 'none';
  if (b[0] !== a[0]) return b[0] > a[0] ? 'major' : 'none';
  if (b[1] !== a[1]) return b[1] > a[1] ? 'minor' : 'none';
  return b[2] > a[2] ? 'patch' : 'none';
}
