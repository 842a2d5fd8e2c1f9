import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Catalog } from '@runtime-component-catalog/contracts';
import { build } from 'esbuild';

/** The source file of an example package's component: `examples/components/<id>.tsx`. */
export function componentSource(id: string): string {
  return fileURLToPath(new URL(`../components/${id}.tsx`, import.meta.url));
}

/**
 * Builds the example component packages (examples/components/<id>.tsx) with esbuild and lays
 * them out as esm.sh serves a package: `<prefix>/<package>@<version>` is a stub re-exporting
 * the build file `<prefix>/<package>@<version>/es2022/<name>.mjs`, which imports every default
 * external (React, next/*, @acme/*, lucide-react) by its bare name. Returns the files by path.
 */
export async function buildComponentModules(catalog: Catalog, prefix: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const packages = catalog.packages;
  const missing = packages.filter((pkg) => !existsSync(componentSource(pkg.id))).map((pkg) => pkg.id);
  if (missing.length > 0) {
    throw new Error(`No component source for ${missing.join(', ')} (expected examples/components/<id>.tsx)`);
  }
  const results = await Promise.all(
    packages.map((pkg) =>
      build({
        entryPoints: [componentSource(pkg.id)],
        bundle: true,
        write: false,
        format: 'esm',
        target: 'es2022',
        platform: 'browser',
        jsx: 'automatic',
        external: [...catalog.defaultExternals],
        legalComments: 'none',
        logLevel: 'silent',
      }),
    ),
  );
  packages.forEach((pkg, index) => {
    const root = `${prefix}/${pkg.package}@${pkg.version}`;
    const build = `${root}/es2022/${pkg.package.split('/').pop()}.mjs`;
    files[root] = [
      `/* esm.sh - ${pkg.package}@${pkg.version} */`,
      `export * from "${build}";`,
      `export { default } from "${build}";`,
      '',
    ].join('\n');
    files[build] = results[index]!.outputFiles[0]!.text;
  });
  return files;
}
