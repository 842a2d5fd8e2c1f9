import { realpath } from 'node:fs/promises';
import { posix, relative, resolve, sep } from 'node:path';
import { type BuildFailure, type BuildOptions, build, type Message, type Plugin } from 'esbuild';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { esmShPaths } from '../model/esm-sh-paths.js';
import type { VariantPackage } from '../model/variant-package.js';
import { failure, type Result, success } from '../result.js';
import { startsWithUseClient, useClientBanner } from './use-client.js';

/** The files of a variant's `dist/`, by path relative to it (forward slashes), in write order. */
export type DistFiles = ReadonlyMap<string, string>;

/**
 * Refuses relative imports that leave the variant package: a variant package is self-contained,
 * and client detection follows only its own files (docs/authoring-build.md, "build").
 */
function stayInPackage(packageDir: string): Plugin {
  return {
    name: 'catalog-schema-stay-in-package',
    setup(build) {
      build.onResolve({ filter: /^\.\.?(\/|$)/ }, (args) => {
        const target = resolve(args.resolveDir, args.path);
        if (target === packageDir || target.startsWith(`${packageDir}${sep}`)) return undefined;
        return { errors: [{ text: `"${args.path}" leads outside the variant package: move the file into it` }] };
      });
    },
  };
}

/**
 * The bundled files (esbuild's inputs, real paths relative to `packageDir`) that lie outside the
 * package and outside any node_modules: what a symbolic link inside the package brought in.
 */
function filesOutside(packageDir: string, inputs: readonly string[]): string[] {
  return inputs
    .map((input) => resolve(packageDir, input))
    .filter((path) => !path.startsWith(`${packageDir}${sep}`) && !path.split(sep).includes('node_modules'));
}

function diagnosticOf(root: string, packageDir: string, message: Message, fallback: string): Diagnostic {
  const location = message.location;
  const path = location?.file ? relative(root, resolve(packageDir, location.file)).split(sep).join('/') : fallback;
  // esbuild's lines are 1-based and its columns 0-based.
  return {
    path,
    line: location?.line ?? 1,
    column: (location?.column ?? 0) + 1,
    code: 'build-failed',
    message: message.text,
  };
}

/**
 * Bundles a variant package with esbuild, ESM and CJS (spec 4.4 step 7), every external left as a
 * bare import, plus the esm.sh shape of the ESM build. A client component gets `"use client";` as
 * the first statement of every file through esbuild's `banner` (bundlers drop module directives),
 * and each file is checked to start with it. Writes nothing; a failed build comes back as
 * diagnostics at the source's `path:line:column`.
 */
export async function bundleVariant(
  root: string,
  pkg: VariantPackage,
  options: { client: boolean; externals: readonly string[] },
): Promise<Result<DistFiles, Diagnostic[]>> {
  // Real paths throughout: esbuild reports files by their real path.
  const realRoot = await realpath(root);
  const packageDir = await realpath(resolve(root, pkg.dir));
  const shared: BuildOptions = {
    absWorkingDir: packageDir,
    entryPoints: [resolve(root, pkg.entry)],
    bundle: true,
    write: false,
    target: 'es2022',
    platform: 'browser',
    jsx: 'automatic',
    external: [...options.externals],
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
    plugins: [stayInPackage(packageDir)],
    ...(options.client ? { banner: { js: useClientBanner } } : {}),
  };
  let esm: string;
  let cjs: string;
  try {
    const [esmResult, cjsResult] = await Promise.all([
      build({ ...shared, format: 'esm' }),
      build({ ...shared, format: 'cjs' }),
    ]);
    // write: false and metafile: true, so esbuild returns one output file and the metafile.
    esm = outputText(esmResult);
    cjs = outputText(cjsResult);
    const outside = filesOutside(packageDir, Object.keys(esmResult.metafile?.inputs ?? {}));
    if (outside.length > 0) {
      return failure(
        outside.map((path) => ({
          path: relative(realRoot, path).split(sep).join('/'),
          line: 1,
          column: 1,
          code: 'build-failed',
          message: 'is bundled from outside the variant package (through a symbolic link): move the file into it',
        })),
      );
    }
  } catch (error) {
    const errors = (error as Partial<BuildFailure>).errors;
    if (!Array.isArray(errors) || errors.length === 0) throw error;
    // ESM and CJS fail alike; one report per distinct error.
    const unique = new Map<string, Diagnostic>();
    for (const message of errors) {
      const diagnostic = diagnosticOf(realRoot, packageDir, message, pkg.entry);
      unique.set(`${diagnostic.path}:${diagnostic.line}:${diagnostic.column}:${diagnostic.message}`, diagnostic);
    }
    return failure([...unique.values()]);
  }
  const paths = esmShPaths(pkg);
  const stub = [
    ...(options.client ? [useClientBanner] : []),
    `/* esm.sh - ${pkg.name}@${pkg.version} */`,
    `export * from ${JSON.stringify(paths.fromStub)};`,
    `export { default } from ${JSON.stringify(paths.fromStub)};`,
    '',
  ].join('\n');
  const files = new Map<string, string>([
    ['index.mjs', esm],
    ['index.cjs', cjs],
    [paths.stub, stub],
    [paths.build, esm],
  ]);
  if (options.client) {
    for (const [path, text] of files) {
      if (!startsWithUseClient(text)) {
        return failure([
          {
            path: posix.join(pkg.dir, 'dist', path),
            line: 1,
            column: 1,
            code: 'build-failed',
            message: 'the build does not start with "use client"',
          },
        ]);
      }
    }
  }
  return success(files);
}

/** The text of the one output file of a `write: false` build. */
function outputText(result: { outputFiles?: { text: string }[] | undefined }): string {
  const file = result.outputFiles?.[0];
  if (file === undefined) throw new Error('esbuild returned no output file');
  return file.text;
}
