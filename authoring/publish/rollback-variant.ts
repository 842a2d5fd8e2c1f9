import { moduleUrl } from '@runtime-component-catalog/contracts';
import { AuthoringError } from '../authoring-error.js';
import type { AuthoringConfig } from '../config/authoring-config.js';
import { readVariantPackage } from '../model/variant-package.js';
import { updateCatalog } from './catalog-update.js';
import { sha256Hex, sri384 } from './content-hash.js';
import { fetchBytes } from './fetch-bytes.js';
import type { PublishTargets } from './publish-artifacts.js';
import { writeManifest } from './publish-manifest.js';
import { readPublishedVersion } from './read-published-version.js';
import { revalidateOnHost } from './revalidate-host.js';
import { variantCatalogPackage } from './variant-artifacts.js';
import { verifyThroughOrigin } from './verify-through-origin.js';

/** What one rollback did (or, with dryRun, would do). */
export interface VariantRollback {
  readonly variant: string;
  readonly package: string;
  /** The version the catalog pointed at before, or undefined when the variant was not listed. */
  readonly from: string | undefined;
  readonly to: string;
  /** Store keys written, in order. */
  readonly uploaded: readonly string[];
  /** The host confirmed the package's revalidation. */
  readonly revalidated: boolean;
  /** The catalog already pointed at `to` and nothing was due: no write, no request to the host. */
  readonly upToDate: boolean;
}

/** A version as npm writes one: what a store key may hold after `@`. */
const versionPattern = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * Points the catalog's entry of `variant` at the published version `to` again
 * (docs/authoring-migrate-pages.md "Rollback"): the version's five artifacts are read back through
 * the artifacts origin and compared with its manifest, and its module URL must serve the SRI its
 * descriptor names, before anything is written; then the catalog entry (label, category and
 * preview from that version's puck.json and meta.json) is uploaded and verified like publish's,
 * and only then is the package revalidated on the host. The revalidation is recorded as pending in
 * the version's manifest until the host confirms it, so a re-run after a failed call makes it
 * again; a re-run after success is a no-op. A version never published whole is `unknown-version`.
 */
export async function rollbackVariant(
  root: string,
  config: AuthoringConfig,
  variant: string,
  to: string,
  targets: PublishTargets,
  options: { readonly dryRun: boolean; readonly progress: (line: string) => void },
): Promise<VariantRollback> {
  const { progress, dryRun } = options;
  const read = await readVariantPackage(root, config.packages, config.scope, variant);
  if (!read.ok) {
    throw new AuthoringError(
      'variant-unknown',
      `no readable variant package "${variant}" in ${config.packages}/: ${read.error.map((diagnostic) => diagnostic.message).join('; ')}`,
    );
  }
  const pkg = { ...read.value, version: to };
  const coordinates = { package: pkg.name, version: to };
  if (!versionPattern.test(to))
    throw new AuthoringError('unknown-version', `${JSON.stringify(to)} is not a version: nothing written`);
  const catalogKey = targets.catalogKey ?? 'catalog.json';
  const before = await targets.artifacts.get(catalogKey);
  const currentEntry = before === undefined ? undefined : entryOf(before, variant);
  progress(
    `rollback ${variant}: ${pkg.name} ${currentEntry?.version ?? '(not listed)'} → ${to}${dryRun ? ' (dry run: nothing is written or revalidated)' : ''}`,
  );

  // 1. The version as the host would read it: every artifact, then the module at its URL.
  const published = await readPublishedVersion(targets.artifacts, targets.artifactsOrigin, coordinates);
  for (const [artifact] of published.artifacts) {
    progress(
      `artifact ${artifact}: ok through ${targets.artifactsOrigin} (sha256 ${published.manifest.artifacts[artifact]?.slice(0, 12)}…)`,
    );
  }
  const [puck, meta, descriptor] = (['puck.json', 'meta.json', 'descriptor.json'] as const).map(
    (name) => published.artifacts.get(name) ?? {},
  );
  const entry = variantCatalogPackage(pkg, { packageJson: {}, data: {}, puck: puck ?? {}, meta: meta ?? {} });
  const catalog = updateCatalog(before, entry, config.externals, catalogKey);
  const url = moduleUrl(targets.esmOrigin, coordinates, catalog.defaultExternals);
  const sri = (descriptor?.module as { sri?: unknown } | undefined)?.sri;
  let served: string;
  try {
    const answer = await fetchBytes(url);
    served = answer.status === 200 ? sri384(answer.bytes) : `HTTP ${answer.status}`;
  } catch (error) {
    served = (error as Error).message;
  }
  if (served !== sri) {
    throw new AuthoringError(
      'unknown-version',
      `${pkg.name}@${to}: the module URL ${url} does not serve the SRI its descriptor names (${served}): nothing written`,
    );
  }
  progress(`module: ${url} ${served}`);

  // 2. Nothing to change and nothing due: a no-op, no request to the host.
  const outcome = { variant, package: pkg.name, from: currentEntry?.version, to };
  const due = published.manifest.pending.length > 0;
  if (!catalog.changed && !due) {
    progress('up to date: nothing uploaded, nothing revalidated');
    return { ...outcome, uploaded: [], revalidated: false, upToDate: true };
  }
  progress(`catalog ${catalogKey}: ${catalog.changed ? `${variant} → ${pkg.name}@${to}` : 'unchanged'}`);
  if (dryRun) {
    if (catalog.changed) progress(`upload: would put ${catalogKey} on ${targets.artifacts.description}`);
    progress(`revalidate: would call ${targets.host.url}/api/revalidate for package ${variant}`);
    return { ...outcome, uploaded: [], revalidated: false, upToDate: false };
  }

  // 3. Due first (so a failure below is resumed by a re-run), then the catalog, then the host.
  await writeManifest(targets.artifacts, { ...published.manifest, pending: ['package'] });
  const uploaded: string[] = [];
  if (catalog.changed) {
    await targets.artifacts.put(catalogKey, catalog.bytes, { contentType: 'application/json' });
    uploaded.push(catalogKey);
    progress(`upload: ${catalogKey} on ${targets.artifacts.description}`);
    await verifyThroughOrigin(`${targets.artifactsOrigin}/${catalogKey}`, sha256Hex(catalog.bytes), catalogKey);
    progress(`verify: ${catalogKey} ok through ${targets.artifactsOrigin}`);
  }
  const tag = await revalidateOnHost(targets.host, variant, undefined);
  progress(`revalidate: package ${variant} → 200${tag ? ` (${tag})` : ''}`);
  await writeManifest(targets.artifacts, { ...published.manifest, pending: [] });
  return { ...outcome, uploaded, revalidated: true, upToDate: false };
}

/** The catalog's entry of `variant` (`{package, version}`), or undefined when the catalog does not list it or cannot be read. */
function entryOf(bytes: Uint8Array, variant: string): { package: string; version: string } | undefined {
  try {
    const catalog = JSON.parse(new TextDecoder().decode(bytes)) as {
      packages?: { id?: unknown; package?: unknown; version?: unknown }[];
    };
    const found = catalog.packages?.find((pkg) => pkg.id === variant);
    return found === undefined ? undefined : { package: String(found.package), version: String(found.version) };
  } catch {
    return undefined;
  }
}
