import type { CatalogEntry, CatalogPackage, PackageArtifacts } from '@runtime-component-catalog/contracts';

/**
 * Builds a CatalogEntry exactly as docs/design.md's field table says: catalog data first, then
 * descriptor (alias, hostApi, peers, renderMode, module path and sri), then meta (status, owner,
 * previewImage, and category when the catalog has none). Fields without a source are left out.
 */
export function buildCatalogEntry(pkg: CatalogPackage, artifacts: PackageArtifacts): CatalogEntry {
  const descriptor = artifacts.descriptor ?? {};
  const meta = artifacts.meta ?? {};
  const previewUrl = stringOf(meta.previewImage) ?? pkg.previewImage;
  const sri = stringOf(descriptor.module?.sri);
  const entry: CatalogEntry = {
    id: pkg.id,
    alias: stringOf(descriptor.alias),
    package: pkg.package,
    version: pkg.version,
    status: stringOf(meta.status),
    hostApi: stringOf(descriptor.hostApi),
    category: pkg.category || stringOf(meta.category) || '',
    owner: stringOf(meta.owner),
    peers: Array.isArray(descriptor.peers) ? descriptor.peers.filter((p) => typeof p === 'string') : undefined,
    renderMode: stringOf(descriptor.renderMode) ?? 'client',
    module: {
      path: stringOf(descriptor.module?.path) ?? './index.js',
      url: artifacts.urls.module,
      ...(sri === undefined ? {} : { sri }),
    },
    schema: { path: './json/schema.json', url: artifacts.urls.schema },
    puck: { path: './json/puck.json', url: artifacts.urls.puck },
    data: { path: './json/data.json', url: artifacts.urls.data },
    meta: { path: './json/meta.json', url: artifacts.urls.meta },
    ...(previewUrl === undefined ? {} : { preview: { url: previewUrl } }),
  };
  for (const key of Object.keys(entry) as (keyof CatalogEntry)[]) {
    if (entry[key] === undefined) delete entry[key];
  }
  return entry;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
