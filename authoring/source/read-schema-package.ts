import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SchemaPackageFiles } from './schema-package-files.js';
import { SourceFile } from './source-file.js';
import { type SotName, sotNames, sotPath, sourceLayout } from './source-layout.js';

async function readOptional(root: string, path: string): Promise<SourceFile | undefined> {
  try {
    return new SourceFile(path, await readFile(join(root, path), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Every `*.json` below `dir` (relative to root), sorted; a missing folder holds none. */
async function listJson(root: string, dir: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(join(root, dir), { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.endsWith('.json'))
    .map((entry) => `${dir}/${entry.split('\\').join('/')}`)
    .sort();
}

async function readAll(root: string, paths: readonly string[]): Promise<SourceFile[]> {
  return Promise.all(paths.map(async (path) => new SourceFile(path, await readFile(join(root, path), 'utf8'))));
}

/** Reads the source files of the schema package at `root` (absolute). */
export async function readSchemaPackage(root: string): Promise<SchemaPackageFiles> {
  const [version, lock, componentPaths, collectionPaths, sotFiles] = await Promise.all([
    readOptional(root, sourceLayout.versionFile),
    readOptional(root, sourceLayout.lockFile),
    listJson(root, sourceLayout.componentsDir),
    listJson(root, sourceLayout.collectionsDir),
    Promise.all(sotNames.map(async (name) => [name, await readOptional(root, sotPath(name))] as const)),
  ]);
  const [components, collections] = await Promise.all([readAll(root, componentPaths), readAll(root, collectionPaths)]);
  const sot = new Map<SotName, SourceFile>();
  for (const [name, file] of sotFiles) if (file) sot.set(name, file);
  return { root, version, lock, components, collections, sot };
}
