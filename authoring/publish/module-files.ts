import { resolve } from 'node:path';
import { AuthoringError } from '../authoring-error.js';
import { bundleVariant } from '../build/bundle-variant.js';
import { detectClient } from '../build/detect-client.js';
import type { AuthoringConfig } from '../config/authoring-config.js';
import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import { esmShPaths } from '../model/esm-sh-paths.js';
import type { VariantPackage } from '../model/variant-package.js';
import { sha256Hex } from './content-hash.js';
import type { ObjectStore } from './object-store.js';

/** A variant's module as the ESM store holds it (docs/authoring-publish.md "Serving the ESM store"). */
export interface ModuleFiles {
  /** Store key → bytes, the build first and the entry stub last (a reader never finds a stub without its build). */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** The entry stub's key: the module URL's path, or that path plus `.mjs` (see {@link esmStoreKeys}). */
  readonly stubKey: string;
}

/**
 * The keys of a variant's module files in `store`: esm.sh's shape without dist's `esm/`. The
 * build is `<scope>/ui-<variant>@<version>/es2022/ui-<variant>.mjs` everywhere. The entry stub
 * is served at the module URL `{ESM_ORIGIN}/<scope>/ui-<variant>@<version>?target=…`: a store
 * with flat keys (S3) holds it under that very path, so any static server of the bucket serves
 * it; a folder cannot hold a file and a folder of one name, so it holds `<path>.mjs`, and its
 * origin maps the module URL to it (the playground's ESM origin; nginx's `try_files $uri
 * $uri.mjs`).
 */
function esmStoreKeys(pkg: VariantPackage, store: ObjectStore): { readonly stub: string; readonly build: string } {
  const paths = esmShPaths(pkg);
  const stub = paths.stub.replace(/^esm\//, '');
  return {
    stub: store.flatKeys === true ? stub.replace(/\.mjs$/, '') : stub,
    build: paths.build.replace(/^esm\//, ''),
  };
}

/**
 * Bundles the variant in memory (the same esbuild build as `catalog-schema build`, client
 * detection included) and answers its module files under their keys in `store`;
 * `publish-invalid-variant` when the build fails.
 */
export async function moduleFiles(
  root: string,
  config: AuthoringConfig,
  pkg: VariantPackage,
  store: ObjectStore,
): Promise<ModuleFiles> {
  const reasons = await detectClient(root, resolve(root, pkg.dir), resolve(root, pkg.entry));
  const client = pkg.forced?.client ?? reasons.length > 0;
  const built = await bundleVariant(root, pkg, { client, externals: config.externals });
  if (!built.ok) {
    throw new AuthoringError(
      'publish-invalid-variant',
      `publish ${pkg.variant}: build failed: ${built.error.map(formatDiagnostic).join('; ')}`,
    );
  }
  const paths = esmShPaths(pkg);
  const keys = esmStoreKeys(pkg, store);
  const encode = (path: string) => new TextEncoder().encode(built.value.get(path) ?? '');
  return {
    files: new Map([
      [keys.build, encode(paths.build)],
      [keys.stub, encode(paths.stub)],
    ]),
    stubKey: keys.stub,
  };
}

/**
 * One hash over every module file, keys included: the manifest's `module`. A store published
 * with other keys (a stub at `<path>.mjs` on S3, before stubs moved to the module URL's path)
 * hashes differently, so the next publish puts every file again.
 */
export function moduleHash(files: ReadonlyMap<string, Uint8Array>): string {
  return sha256Hex(
    new TextEncoder().encode([...files].map(([key, bytes]) => `${key}\0${sha256Hex(bytes)}`).join('\n')),
  );
}
