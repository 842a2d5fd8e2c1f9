// What "the install matches the lock" means here (docs/dependencies.md, "How the locks are
// kept"): every package npm installed on this platform is in the committed lock with the same
// version and integrity, and every locked package that is not optional is installed. Entries
// for other platforms' optional binaries (which the registry adds over time) are never drift:
// comparing lock files byte for byte fails the next machine, comparing installed trees does not.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {{ name?: string, version?: string, integrity?: string, resolved?: string, link?: boolean,
 *   optional?: boolean, devOptional?: boolean, optionalDependencies?: Record<string, string> }} LockEntry
 * @typedef {{ packages: Record<string, LockEntry> }} Lock
 */

/**
 * The lock at `path`, parsed.
 * @param {string} path
 * @returns {Lock}
 */
export function readLock(path) {
  return /** @type {Lock} */ (JSON.parse(readFileSync(path, 'utf8')));
}

/**
 * Where the installed tree differs from the lock, one line per package (empty when they agree).
 * `installed` is npm's record of what it installed, node_modules/.package-lock.json.
 * @param {Lock} lock
 * @param {Lock} installed
 * @returns {string[]}
 */
export function installedDrift(lock, installed) {
  /** @type {string[]} */
  const drift = [];
  for (const [path, entry] of Object.entries(installed.packages)) {
    if (path === '') continue;
    const locked = lock.packages[path];
    if (locked === undefined) drift.push(`${path}: ${entry.version ?? 'a link'} installed, not in the lock`);
    else if (locked.version !== entry.version)
      drift.push(`${path}: ${entry.version} installed, ${locked.version} locked`);
    else if (locked.integrity !== entry.integrity)
      drift.push(`${path}: integrity ${entry.integrity} installed, ${locked.integrity} locked`);
    else if (Boolean(locked.link) !== Boolean(entry.link) || (entry.link && locked.resolved !== entry.resolved))
      drift.push(
        `${path}: link ${entry.resolved} installed, ${locked.link ? `link ${locked.resolved}` : 'a package'} locked`,
      );
  }
  for (const [path, locked] of Object.entries(lock.packages)) {
    if (path === '' || locked.optional || locked.devOptional) continue;
    if (installed.packages[path] === undefined)
      drift.push(`${path}: ${locked.version ?? 'a link'} locked, not installed`);
  }
  return drift.sort();
}

/**
 * Drift between `dir`'s package-lock.json and what npm installed there, or one line saying that
 * nothing is installed.
 * @param {string} dir
 * @returns {string[]}
 */
export function installedDriftIn(dir) {
  const record = join(dir, 'node_modules', '.package-lock.json');
  if (!existsSync(record)) return [`${record}: missing (nothing installed)`];
  return installedDrift(readLock(join(dir, 'package-lock.json')), readLock(record));
}

/**
 * Optional dependencies of locked packages that the lock does not name (empty when it is
 * complete). A lock with such gaps is rewritten by the next `npm install` once the registry has
 * the missing package, which dirties a fresh clone: refresh it (docs/dependencies.md).
 * @param {Lock} lock
 * @returns {string[]}
 */
export function missingOptionalEntries(lock) {
  /** @type {string[]} */
  const missing = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (resolveInLock(lock, path, name) === undefined) missing.push(`${path || '(root)'} → ${name}`);
    }
  }
  return missing.sort();
}

/**
 * The lock path that `name` resolves to from the package at `from`, as Node resolves it: its own
 * node_modules, then each enclosing one up to the root.
 * @param {Lock} lock
 * @param {string} from
 * @param {string} name
 * @returns {string | undefined}
 */
function resolveInLock(lock, from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate] !== undefined) return candidate;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}
