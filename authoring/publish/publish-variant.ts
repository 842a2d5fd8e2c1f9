import { moduleUrl } from '@runtime-component-catalog/contracts';
import { AuthoringError } from '../authoring-error.js';
import type { AuthoringConfig } from '../config/authoring-config.js';
import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import { readVariantPackage } from '../model/variant-package.js';
import { updateCatalog } from './catalog-update.js';
import { sha256Hex, sri384 } from './content-hash.js';
import { fetchBytes } from './fetch-bytes.js';
import { moduleFiles, moduleHash } from './module-files.js';
import { type PublishOptions, type PublishTargets, publishArtifacts } from './publish-artifacts.js';
import { type PendingRevalidation, type PublishManifest, readManifest } from './publish-manifest.js';
import type { AttributesSnapshot } from './published-record.js';
import { readVariantSources, variantArtifacts, variantCatalogPackage } from './variant-artifacts.js';
import { verifyThroughOrigin } from './verify-through-origin.js';

/** What one variant's publish did (or, with dryRun, would do). */
export interface VariantPublish {
  readonly variant: string;
  readonly package: string;
  readonly version: string;
  readonly sri: string;
  /** Store keys written (artifacts store and ESM store), in order. */
  readonly uploaded: readonly string[];
  /** Revalidate calls the host answered 2xx: `package` or an artifact name. */
  readonly revalidated: readonly PendingRevalidation[];
  readonly upToDate: boolean;
}

/** The module's entry path in the descriptor: the ESM build of the variant package. */
const modulePath = './dist/index.mjs';

/**
 * Publishes one variant (spec 4.2 and 9): module → SRI read at the module URL → the five
 * artifacts → upload only what the store's manifest does not hold → verify each through the
 * origins → the catalog entry → only then revalidate. The manifest records what was verified and
 * what the host has not confirmed, so a re-run after any failure uploads nothing verified again
 * and revalidates what is still due. Nothing changed and nothing due: "up to date", no request to
 * the host.
 */
export async function publishVariant(
  root: string,
  config: AuthoringConfig,
  variant: string,
  targets: PublishTargets,
  options: PublishOptions,
  /** The version's Strapi attributes snapshot, recorded with it before the host is revalidated. */
  attributes?: AttributesSnapshot,
): Promise<VariantPublish> {
  const { progress, dryRun } = options;
  const read = await readVariantPackage(root, config.packages, config.scope, variant);
  if (!read.ok) {
    throw new AuthoringError(
      'publish-invalid-variant',
      `publish ${variant}: ${read.error.map(formatDiagnostic).join('; ')}`,
    );
  }
  const pkg = read.value;
  const coordinates = { package: pkg.name, version: pkg.version };
  progress({
    step: 'publish',
    text: `publish ${variant}: ${pkg.name}@${pkg.version}${dryRun ? ' (dry run: nothing is written or revalidated)' : ''}`,
  });
  const sources = await readVariantSources(root, pkg);
  const stored = await readManifest(targets.artifacts, coordinates);
  // --force: as if the store held nothing verified (what is due stays due).
  const manifest: PublishManifest = options.force ? { ...stored, artifacts: {} } : stored;
  const uploaded: string[] = [];

  // The catalog decides the module URL's externals.
  const catalogBefore = targets.catalogKey === undefined ? undefined : await targets.artifacts.get(targets.catalogKey);
  const catalog =
    targets.catalogKey === undefined
      ? undefined
      : updateCatalog(catalogBefore, variantCatalogPackage(pkg, sources), config.externals, targets.catalogKey);
  const url = moduleUrl(targets.esmOrigin, coordinates, catalog?.defaultExternals ?? config.externals);

  // 1. The module, and its SRI from the bytes served at the module URL.
  let moduleChanged = false;
  let newModuleHash = manifest.module;
  let sri: string | undefined;
  if (targets.esm !== undefined) {
    const module = await moduleFiles(root, config, pkg, targets.esm);
    const stub = module.files.get(module.stubKey) ?? new Uint8Array();
    newModuleHash = moduleHash(module.files);
    moduleChanged = newModuleHash !== manifest.module;
    if (!moduleChanged) {
      progress({ step: 'module', text: `module: unchanged on ${targets.esm.description}` });
    } else if (dryRun) {
      progress({ step: 'module', text: `module: would put ${module.files.size} files on ${targets.esm.description}` });
      // The module URL serves the stub as it is: its hash is the SRI the module URL will give.
      sri = sri384(stub);
    } else {
      for (const [key, bytes] of module.files) {
        await targets.esm.put(key, bytes, { contentType: 'text/javascript; charset=utf-8' });
        uploaded.push(`esm:${key}`);
        progress({
          step: 'module',
          text: `module: put ${key} on ${targets.esm.description} (${bytes.byteLength} bytes)`,
        });
      }
      // Each file is read back where the host reads it: the build at its path, the stub at the
      // module URL itself, query included, which proves that the origin serves the module URL.
      for (const [key, bytes] of module.files) {
        const [at, what] =
          key === module.stubKey
            ? [url, `module file ${key} at the module URL`]
            : [`${targets.esmOrigin}/${key}`, `module file ${key}`];
        await verifyThroughOrigin(at, sha256Hex(bytes), what);
      }
      // Verified: these are the bytes the module URL serves.
      sri = sri384(stub);
    }
  }
  if (sri === undefined) {
    let answer: { status: number; bytes: Uint8Array };
    try {
      answer = await fetchBytes(url);
    } catch (error) {
      throw new AuthoringError('module-unreadable', `module: ${(error as Error).message}; nothing was revalidated`);
    }
    if (answer.status !== 200) {
      throw new AuthoringError(
        'module-unreadable',
        `module: ${url} answered HTTP ${answer.status}${targets.esm === undefined ? ' (is the version released to the registry the ESM service reads?)' : ''}; nothing was revalidated`,
      );
    }
    sri = sri384(answer.bytes);
  }
  progress({ step: 'module', text: `module: ${url} ${sri}` });

  // 2. The five artifacts, then upload, verify, the catalog and revalidate.
  const artifacts = variantArtifacts(pkg, sources, { path: modulePath, sri });
  const published = await publishArtifacts(
    targets,
    { packageId: variant, package: pkg.name, version: pkg.version },
    artifacts,
    { moduleChanged, moduleHash: newModuleHash, catalog, manifest: stored, attributes },
    options,
  );
  return {
    variant,
    package: pkg.name,
    version: pkg.version,
    sri,
    uploaded: [...uploaded, ...published.uploaded],
    revalidated: published.revalidated,
    upToDate: published.upToDate,
  };
}
