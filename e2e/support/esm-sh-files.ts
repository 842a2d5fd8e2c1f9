import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { PackageCoordinates } from '@runtime-component-catalog/contracts';

/**
 * The files `catalog-schema build` wrote under a variant's `dist/esm/`, by the path esm.sh serves
 * them at under `prefix` (`/esm`): each file at its own path, but the entry stub
 * `<package>@<version>.mjs`, which esm.sh serves at `<package>@<version>` (on disk a file cannot
 * share that name with the folder of the build files). The files are read as written, never rebuilt.
 */
export async function esmShFiles(
  distDir: string,
  pkg: PackageCoordinates,
  prefix: string,
): Promise<Map<string, string>> {
  const esmDir = join(distDir, 'esm');
  const stub = `${pkg.package}@${pkg.version}.mjs`;
  const entries = await readdir(esmDir, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const path = join(entry.parentPath, entry.name);
    const key = relative(esmDir, path).split(sep).join('/');
    files.set(`${prefix}/${key === stub ? key.slice(0, -'.mjs'.length) : key}`, await readFile(path, 'utf8'));
  }
  return files;
}
