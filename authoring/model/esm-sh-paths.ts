import type { VariantPackage } from './variant-package.js';

/**
 * Where the esm.sh-shaped files go under `dist/esm/` (publish puts the same two files on the ESM
 * store, publish/publish-variant.ts; that is how the playground's ESM origin gets the example
 * package's variants): the entry stub `<name>@<version>.mjs`, served at esm.sh's URL `<name>@<version>`, and
 * the build `<name>@<version>/es2022/ui-<variant>.mjs`. On disk a file and a folder cannot share a
 * name, hence the stub's `.mjs`; it imports the build relatively (`./ui-<variant>@<version>/es2022/…`),
 * which resolves the same from either URL and under any prefix.
 */
export function esmShPaths(pkg: VariantPackage): { stub: string; build: string; fromStub: string } {
  const base = `ui-${pkg.variant}@${pkg.version}`;
  const fromStub = `./${base}/es2022/ui-${pkg.variant}.mjs`;
  const scope = pkg.name.slice(0, pkg.name.indexOf('/'));
  return { stub: `esm/${scope}/${base}.mjs`, build: `esm/${scope}/${base}/es2022/ui-${pkg.variant}.mjs`, fromStub };
}
