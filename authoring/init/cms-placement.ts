import { realpath, stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import { defaultAuthoringConfig } from '../config/authoring-config.js';
import { isInside } from '../source/contained-path.js';

/** Where the generated CMS output of a new package goes, and where init records it. */
export interface CmsPlacement {
  /** The CMS folder relative to the package root, forward slashes (`cms`, `strapi`, `../strapi`). */
  readonly path: string;
  /**
   * `default`: the config's `cms/` inside the package, which only generate writes; `config`: an app
   * inside the package, the config's `cms` key; `scripts`: an app elsewhere, which the config file
   * cannot name (it names folders inside the package only), so the scripts that write it pass `--cms`.
   */
  readonly recorded: 'default' | 'config' | 'scripts';
}

/** What a folder path may hold to go into a package.json script unquoted (a space is quoted). */
const scriptSafePath = /^[A-Za-z0-9._/@+ -]+$/;

const invalid = (cmsDir: string, why: string): AuthoringError =>
  new AuthoringError('init-cms-invalid', `--cms-dir ${cmsDir} ${why}`);

/**
 * Where `--cms-dir` (an existing Strapi app folder, relative to `cwd`) is recorded for the package
 * at `target`; without it, the default `cms/`. `reserved` are the package's own top-level names,
 * which the app may not be or be inside. Refused as `init-cms-invalid` (exit 2): not a folder, the
 * package folder itself or one of its own folders, a path a script cannot carry.
 */
export async function cmsPlacement(
  cmsDir: string | undefined,
  target: string,
  cwd: string,
  reserved: ReadonlySet<string>,
): Promise<CmsPlacement> {
  if (cmsDir === undefined) return { path: defaultAuthoringConfig.cms, recorded: 'default' };
  const absolute = resolve(cwd, cmsDir);
  if (!(await stat(absolute).catch(() => undefined))?.isDirectory()) {
    throw invalid(cmsDir, 'is not a folder: give the folder of an existing Strapi app (create the app first)');
  }
  const path = relative(target, absolute).split(sep).join('/');
  if (isInside(target, absolute)) {
    if (path === '') throw invalid(cmsDir, 'is the schema package folder itself: give the Strapi app its own folder');
    const first = path.split('/')[0] ?? '';
    if (reserved.has(first)) {
      throw invalid(cmsDir, `is inside the schema package's own ${first}: give the Strapi app a folder of its own`);
    }
    // Inside by its path but elsewhere once links are followed: the config file could not name it.
    if (isInside(await realpath(target), await realpath(absolute))) return { path, recorded: 'config' };
  }
  if (!scriptSafePath.test(path)) {
    throw invalid(
      cmsDir,
      `leads to ${path}, which a package.json script cannot carry safely (letters, digits, spaces and ._/@+- only): move or link the app`,
    );
  }
  return { path, recorded: 'scripts' };
}

/** The `--cms` flag for a package.json script: the path, in double quotes when it holds a space. */
export function cmsFlag(path: string): string {
  return `--cms ${path.includes(' ') ? `"${path}"` : path}`;
}
