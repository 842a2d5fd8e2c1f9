import { isAbsolute, relative, sep } from 'node:path';

/**
 * A path relative to a folder that stays inside it: forward slashes, no empty, `.` or `..`
 * segment, not absolute, no backslash or NUL (what catalog-schema writes below an output folder;
 * anything else in a manifest was not written by it).
 */
export function isContainedPath(path: string): boolean {
  if (path === '' || path.includes('\\') || path.includes('\0') || path.startsWith('/') || /^[A-Za-z]:/.test(path)) {
    return false;
  }
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Whether the absolute path `path` is `folder` or below it (both resolved the same way). */
export function isInside(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest === '' || (!isAbsolute(rest) && rest !== '..' && !rest.startsWith(`..${sep}`));
}
