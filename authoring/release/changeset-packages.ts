import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { PackageJSON } from '@changesets/types';
import type { Packages } from '@manypkg/get-packages';
import type { AuthoringConfig } from '../config/authoring-config.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { listVariants, readVariantPackage, type VariantPackage } from '../model/variant-package.js';
import { failure, type Result, success } from '../result.js';

/** A variant package as the release commands read it: build's view plus its package.json as written. */
export interface ReleasePackage extends VariantPackage {
  /** package.json parsed (readVariantPackage checked its name and version). */
  readonly manifest: PackageJSON;
}

/** Changesets' view of the schema package, and the variant packages it is made of. */
export interface ChangesetPackages {
  readonly packages: Packages;
  readonly variants: readonly ReleasePackage[];
}

/**
 * The root Changesets sees: the schema package root, with a package.json of its own making. The
 * root is never released, and its real package.json (scripts, dev dependencies) stays out of the
 * dependency graph; the name cannot be an npm package's, so no change set can name it.
 */
export const changesetRootName = '<schema package root>';

/**
 * The packages Changesets works on (spec 9.5): every variant package `<packages>/ui-<variant>/`,
 * given to Changesets directly (the `Packages` that @manypkg/get-packages would return for a
 * workspace). The schema package needs no `"workspaces"` of its own, which would make npm link the
 * variants into its node_modules. `only` keeps the named variants (default: all); a variant package
 * that `build` would refuse comes back as diagnostics.
 */
export async function readChangesetPackages(
  root: string,
  config: AuthoringConfig,
  only?: readonly string[],
): Promise<Result<ChangesetPackages, readonly Diagnostic[]>> {
  const names = only ?? (await listVariants(root, config.packages));
  const diagnostics: Diagnostic[] = [];
  const variants: ReleasePackage[] = [];
  for (const variant of names) {
    const read = await readVariantPackage(root, config.packages, config.scope, variant);
    if (!read.ok) {
      diagnostics.push(...read.error);
      continue;
    }
    const pkg = read.value;
    const manifest = JSON.parse(await readFile(resolve(root, pkg.dir, 'package.json'), 'utf8')) as PackageJSON;
    variants.push({ ...pkg, manifest });
  }
  if (diagnostics.length > 0) return failure(diagnostics);
  return success({
    variants,
    packages: {
      tool: 'root',
      root: { dir: root, packageJson: { name: changesetRootName, version: '0.0.0', private: true } },
      packages: variants.map((pkg) => ({ dir: resolve(root, pkg.dir), packageJson: pkg.manifest })),
    },
  });
}
