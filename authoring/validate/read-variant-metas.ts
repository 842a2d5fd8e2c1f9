import { realpath } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import { listVariants } from '../model/variant-package.js';
import { maxSourceFileBytes, readPackageText } from '../source/read-package-file.js';
import { SourceFile } from '../source/source-file.js';

/** The file of a variant's meta, in its package folder (docs/authoring-validate.md, "Variant meta"). */
export const variantMetaFileName = 'meta.json';

/** One variant package's meta as read: its file, or undefined when the package has none. */
export interface VariantMetaSource {
  /** The variant name: the folder is `ui-<variant>`. */
  readonly variant: string;
  /** `<packages>/ui-<variant>/meta.json`, relative to the schema package root. */
  readonly path: string;
  /** The file (a syntax error or a read problem is its `syntaxError`); undefined when missing. */
  readonly file: SourceFile | undefined;
}

/**
 * Reads the meta.json of every variant package under `packagesDir` (relative to `root`): the
 * variants `build` knows (folders `ui-<variant>` holding a package.json), sorted. No packages
 * folder: no variants. Each file is read inside its variant's folder (a link out of it is
 * `path-outside-package`), at most 4 MiB, as UTF-8.
 */
export async function readVariantMetas(root: string, packagesDir: string): Promise<VariantMetaSource[]> {
  const metas: VariantMetaSource[] = [];
  for (const variant of await listVariants(root, packagesDir)) {
    const dir = posix.join(packagesDir, `ui-${variant}`);
    const path = posix.join(dir, variantMetaFileName);
    const realRoot = await realpath(resolve(root, dir));
    const read = await readPackageText(root, path, { maxBytes: maxSourceFileBytes, realRoot });
    const file =
      read === undefined ? undefined : read.ok ? new SourceFile(path, read.value) : SourceFile.unreadable(read.error);
    metas.push({ variant, path, file });
  }
  return metas;
}
