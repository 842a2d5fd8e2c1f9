import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { isInside } from './contained-path.js';
import { maxSourceFileBytes, readPackageText } from './read-package-file.js';
import type { SchemaPackageFiles } from './schema-package-files.js';
import { SourceFile } from './source-file.js';
import { type SotName, sotNames, sotPath, sourceLayout } from './source-layout.js';

/** The package root as given and with its symbolic links resolved (what "inside" is measured against). */
interface PackageRoot {
  readonly root: string;
  readonly realRoot: string;
}

/** A walk of one source folder: the real folders walked so far (each once, so no link cycle). */
interface Walk extends PackageRoot {
  readonly seen: Set<string>;
}

async function readSource(at: PackageRoot, path: string): Promise<SourceFile | undefined> {
  const read = await readPackageText(at.root, path, { maxBytes: maxSourceFileBytes, realRoot: at.realRoot });
  if (read === undefined) return undefined;
  return read.ok ? new SourceFile(path, read.value) : SourceFile.unreadable(read.error);
}

const outside = (path: string, real: string) =>
  SourceFile.unreadable({
    path,
    line: 1,
    column: 1,
    code: 'path-outside-package',
    message: `leads outside the schema package (to ${real}): copy it in`,
  });

/**
 * The `*.json` files below `dir` (relative to the root) to read, and the entries refused on the way
 * (as unreadable files): a folder named `*.json`, a symbolic link that leads outside the package.
 * Links inside the package are followed, each real folder walked once (no cycles).
 */
async function listJson(walk: Walk, dir: string, refused: SourceFile[]): Promise<string[]> {
  let real: string;
  try {
    real = await realpath(join(walk.root, dir));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  if (!isInside(walk.realRoot, real)) {
    refused.push(outside(dir, real));
    return [];
  }
  if (walk.seen.has(real)) return [];
  walk.seen.add(real);
  let entries: Dirent[];
  try {
    entries = await readdir(real, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw error;
  }
  const found: string[] = [];
  // By name: which of two paths to one real folder is walked must not depend on the disk's order.
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = posix.join(dir, entry.name);
    const json = entry.name.endsWith('.json');
    let folder = entry.isDirectory();
    if (entry.isSymbolicLink()) {
      let target: string;
      try {
        target = await realpath(join(real, entry.name));
      } catch {
        if (json) found.push(path); // a broken link: readPackageText reports it
        continue;
      }
      if (!isInside(walk.realRoot, target)) {
        if (json || (await stat(target)).isDirectory()) refused.push(outside(path, target));
        continue;
      }
      folder = (await stat(target)).isDirectory();
    }
    if (folder && json) {
      refused.push(
        SourceFile.unreadable({
          path,
          line: 1,
          column: 1,
          code: 'file-unreadable',
          message: 'is a folder, not a file',
        }),
      );
    } else if (folder) {
      for (const file of await listJson(walk, path, refused)) found.push(file);
    } else if (json) {
      found.push(path);
    }
  }
  return found;
}

/** Every source file below `dir`, sorted by path; refused entries are among them as unreadable files. */
async function readAll(at: PackageRoot, dir: string): Promise<SourceFile[]> {
  const walk: Walk = { ...at, seen: new Set() };
  const refused: SourceFile[] = [];
  const paths = await listJson(walk, dir, refused);
  const files = await Promise.all(paths.map((path) => readSource(walk, path)));
  return [...files.filter((file): file is SourceFile => file !== undefined), ...refused].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
}

/**
 * Reads the source files of the schema package at `root` (absolute). Nothing is read from outside
 * the package (a symbolic link may lead elsewhere in it), and a file that cannot be read as UTF-8
 * JSON text of at most 4 MiB is an unreadable SourceFile carrying its diagnostic.
 */
export async function readSchemaPackage(root: string): Promise<SchemaPackageFiles> {
  const at: PackageRoot = { root, realRoot: await realpath(root) };
  const [version, lock, components, collections, sotFiles] = await Promise.all([
    readSource(at, sourceLayout.versionFile),
    readSource(at, sourceLayout.lockFile),
    readAll(at, sourceLayout.componentsDir),
    readAll(at, sourceLayout.collectionsDir),
    Promise.all(sotNames.map(async (name) => [name, await readSource(at, sotPath(name))] as const)),
  ]);
  const sot = new Map<SotName, SourceFile>();
  for (const [name, file] of sotFiles) if (file) sot.set(name, file);
  return { root, version, lock, components, collections, sot };
}
