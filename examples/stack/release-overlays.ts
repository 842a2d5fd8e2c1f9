import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// A release overlay (examples/releases/<variant>-<version>/) holds exactly the files of
// examples/schema-package that differ for that version of one variant, at their schema-package
// paths, and a README.md that is not copied. The playground publishes it on request
// (docs/playground-versions.md); nothing else reads it.

/** The repository's release overlays. */
export const releasesDir = fileURLToPath(new URL('../releases/', import.meta.url));

/** The overlay's own description: left out of the copy. */
const README = 'README.md';
/** `<variant>-<version>`: the folder name says which variant and which version. */
const RELEASE_NAME = /^([a-z0-9][a-z0-9-]*?)-(\d+\.\d+\.\d+)$/;

/** One release overlay. */
export interface ReleaseOverlay {
  /** Its folder name, `<variant>-<version>`: what the publisher API takes. */
  readonly name: string;
  readonly variant: string;
  /** The variant package's name (its package.json `name`). */
  readonly package: string;
  readonly version: string;
  /** Its folder. */
  readonly dir: string;
  /** The files it puts over the schema package, as `a/b` paths, sorted. */
  readonly files: readonly string[];
}

/**
 * Every overlay of `dir`, by name. An overlay must be named `<variant>-<version>` and hold
 * `packages/ui-<variant>/package.json` at that version, and no other variant's package; a
 * symbolic link, or any other shape, throws (the repository's overlays are checked by
 * release-overlays.test.ts).
 */
export async function listReleases(dir = releasesDir): Promise<ReleaseOverlay[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const releases: ReleaseOverlay[] = [];
  for (const entry of entries.filter((candidate) => candidate.isDirectory()).sort(byName)) {
    releases.push(await readRelease(join(dir, entry.name), entry.name));
  }
  return releases;
}

async function readRelease(dir: string, name: string): Promise<ReleaseOverlay> {
  const [, variant, version] = RELEASE_NAME.exec(name) ?? [];
  if (variant === undefined || version === undefined) {
    throw new Error(`release overlay ${dir}: its name must be <variant>-<version> (hero1-2.0.0)`);
  }
  const files = await overlayFiles(dir);
  const variants = new Set(files.filter((file) => file.startsWith('packages/')).map((file) => file.split('/')[1]));
  if (variants.size !== 1 || !variants.has(`ui-${variant}`)) {
    throw new Error(`release overlay ${dir}: it must change packages/ui-${variant}/ and no other variant package`);
  }
  const pkg = JSON.parse(await readFile(join(dir, 'packages', `ui-${variant}`, 'package.json'), 'utf8')) as {
    name?: unknown;
    version?: unknown;
  };
  if (pkg.version !== version || typeof pkg.name !== 'string') {
    throw new Error(`release overlay ${dir}: packages/ui-${variant}/package.json must name the package at ${version}`);
  }
  return { name, variant, package: pkg.name, version, dir, files };
}

/** The overlay's files (its README.md left out) as sorted `a/b` paths; a link or a special file throws. */
async function overlayFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (!entry.isFile()) throw new Error(`release overlay ${dir}: ${path} is not a regular file`);
    if (path !== README) files.push(path);
  }
  return files.sort();
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
