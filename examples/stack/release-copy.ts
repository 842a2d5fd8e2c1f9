import { cp, readdir, rm } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { schemaPackageDir } from './publish-schema-package.js';
import { listReleases, type ReleaseOverlay, releasesDir } from './release-overlays.js';

// A release is published from a copy of examples/schema-package with its overlay put over it, made
// in the state folder's `release/` (never in the repository), used for one publish, then removed.
// The state folder takes a copy left behind (a crash mid-publish) as its own, and empties it at
// the next start, only when every path in it is one such a copy can hold (state-folder.ts).

/** The state folder's subfolder that holds the copy. */
export const RELEASE_COPY = 'release';
/** What publish reads of a schema package: the same inputs as the copy of the last publish (publish-cache.ts). */
const COPIED: readonly string[] = ['src', 'packages', 'catalog-schema.config.json', 'package.json'];
/** Build outputs and installs inside a variant package: never copied. */
const SKIPPED = new Set(['dist', 'node_modules']);

/** Replaces `target` with a copy of the schema package at `root` and `release`'s files over it. */
export async function copyWithRelease(release: ReleaseOverlay, target: string, root = schemaPackageDir): Promise<void> {
  await rm(target, { recursive: true, force: true });
  for (const entry of COPIED) {
    await cp(join(root, entry), join(target, entry), {
      recursive: true,
      filter: (source) => !SKIPPED.has(basename(source)),
    });
  }
  for (const file of release.files) await cp(join(release.dir, file), join(target, file));
}

/** Whether a path of a copy is a file or a folder. */
export type CopyPathKind = 'file' | 'folder';

/**
 * Every path (`a/b`) a copy of the schema package at `root` with any overlay of `releases` can
 * hold, with its kind: the schema package's inputs and every overlay's files, and their folders.
 */
export async function releaseCopyPaths(
  root = schemaPackageDir,
  releases = releasesDir,
): Promise<ReadonlyMap<string, CopyPathKind>> {
  const paths = new Map<string, CopyPathKind>();
  const addFile = (path: string) => {
    paths.set(path, 'file');
    for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) {
      paths.set(path.slice(0, at), 'folder');
    }
  };
  for (const entry of COPIED) {
    const files = await readdir(join(root, entry), { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOTDIR') return undefined;
        throw error;
      },
    );
    if (files === undefined) {
      addFile(entry);
      continue;
    }
    paths.set(entry, 'folder');
    for (const file of files) {
      const path = relative(root, join(file.parentPath, file.name)).split(sep);
      if (path.some((part) => SKIPPED.has(part))) continue;
      if (file.isDirectory()) paths.set(path.join('/'), 'folder');
      else addFile(path.join('/'));
    }
  }
  for (const release of await listReleases(releases)) release.files.forEach(addFile);
  return paths;
}
