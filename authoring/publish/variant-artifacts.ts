import { posix } from 'node:path';
import {
  type ArtifactName,
  type CatalogPackage,
  HOST_API_VERSION,
  type PackageDescriptor,
} from '@runtime-component-catalog/contracts';
import { AuthoringError } from '../authoring-error.js';
import type { VariantPackage } from '../model/variant-package.js';
import { maxSourceFileBytes, readPackageText } from '../source/read-package-file.js';
import { jsonBytes } from './content-hash.js';

/** The variant package's files that the artifacts come from (validate has checked meta.json). */
export interface VariantSources {
  readonly packageJson: Record<string, unknown>;
  readonly data: Record<string, unknown>;
  readonly puck: Record<string, unknown>;
  readonly meta: Record<string, unknown>;
}

/** Reads package.json, data.json, puck.json and meta.json of the variant package, each a JSON object. */
export async function readVariantSources(root: string, pkg: VariantPackage): Promise<VariantSources> {
  const read = async (file: string): Promise<Record<string, unknown>> => {
    const path = posix.join(pkg.dir, file);
    const text = await readPackageText(root, path, { maxBytes: maxSourceFileBytes });
    const fail = (why: string) =>
      new AuthoringError('publish-invalid-variant', `publish ${pkg.variant}: ${path} ${why}`);
    if (text === undefined) throw fail('is missing');
    if (!text.ok) throw fail(text.error.message);
    let value: unknown;
    try {
      value = JSON.parse(text.value);
    } catch (error) {
      throw fail(`is not JSON: ${(error as Error).message}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail('must be a JSON object');
    return value as Record<string, unknown>;
  };
  const [packageJson, data, puck, meta] = await Promise.all([
    read('package.json'),
    read('data.json'),
    read('puck.json'),
    read('meta.json'),
  ]);
  return { packageJson, data, puck, meta };
}

/** The host API range a variant is built for: this release's major (minor for 0.x), from its version on. */
export function defaultHostApiRange(version = HOST_API_VERSION): string {
  const [major, minor] = version.split('.').map(Number) as [number, number];
  const upper = major === 0 ? `0.${minor + 1}.0` : `${major + 1}.0.0`;
  return `>=${version} <${upper}`;
}

/**
 * The five artifacts of a variant version (spec 2.3, docs/design.md "Publishing"), as the bytes to
 * store: descriptor.json (name, version, alias, hostApi, peers, renderMode, module path and sri),
 * data.json, schema.json (meta's `schema`), puck.json and meta.json as the package has them.
 * `alias` and `hostApi` may be set in the variant's package.json `catalog` object; peers come from
 * its peerDependencies (`react@>=18`). renderMode is `client`, the only one spec 2.5 defines.
 */
export function variantArtifacts(
  pkg: VariantPackage,
  sources: VariantSources,
  module: { readonly path: string; readonly sri: string },
): ReadonlyMap<ArtifactName, Uint8Array> {
  const settings = (sources.packageJson.catalog ?? {}) as { alias?: unknown; hostApi?: unknown };
  const peers = Object.entries((sources.packageJson.peerDependencies ?? {}) as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, range]) => `${name}@${range}`)
    .sort();
  const descriptor: PackageDescriptor = {
    name: pkg.name,
    version: pkg.version,
    ...(typeof settings.alias === 'string' ? { alias: settings.alias } : {}),
    hostApi: typeof settings.hostApi === 'string' ? settings.hostApi : defaultHostApiRange(),
    peers,
    renderMode: 'client',
    module: { path: module.path, sri: module.sri },
  };
  return new Map<ArtifactName, Uint8Array>([
    ['descriptor.json', jsonBytes(descriptor)],
    ['data.json', jsonBytes(sources.data)],
    ['schema.json', jsonBytes(sources.meta.schema ?? {})],
    ['puck.json', jsonBytes(sources.puck)],
    ['meta.json', jsonBytes(sources.meta)],
  ]);
}

/** The variant's catalog package (spec 2.2): id = the variant, label = puck.json's title or meta's name. */
export function variantCatalogPackage(pkg: VariantPackage, sources: VariantSources): CatalogPackage {
  const label =
    [sources.puck.title, sources.meta.name].find(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    ) ?? pkg.variant;
  const category = typeof sources.meta.category === 'string' ? sources.meta.category : pkg.variant;
  const preview = sources.meta.previewImage;
  return {
    id: pkg.variant,
    label,
    package: pkg.name,
    version: pkg.version,
    category,
    ...(typeof preview === 'string' ? { previewImage: preview } : {}),
  };
}
