import {
  ARTIFACT_NAMES,
  type ArtifactName,
  type Catalog,
  type CatalogPackage,
  DEFAULT_EXTERNALS,
} from '@runtime-component-catalog/contracts';

/** The 13 default externals of spec 2.1, as the sample catalogs list them. */
export const SAMPLE_DEFAULT_EXTERNALS = DEFAULT_EXTERNALS;

/** A generated package: its catalog record and its five artifacts. */
export interface SamplePackage {
  readonly pkg: CatalogPackage;
  readonly artifacts: Readonly<Record<ArtifactName, Record<string, unknown>>>;
}

/** Package `index` of a generated catalog (`pkg<index>`, `@acme/ui-pkg<index>@1.0.0`). */
export function samplePackage(index: number, version = '1.0.0'): SamplePackage {
  const id = `pkg${index}`;
  const pkg: CatalogPackage = {
    id,
    label: `Package ${index}`,
    package: `@acme/ui-${id}`,
    version,
    category: ['hero', 'content', 'navigation'][index % 3] ?? 'content',
  };
  return {
    pkg,
    artifacts: {
      'descriptor.json': {
        name: pkg.package,
        version,
        alias: `${id}-alias`,
        hostApi: '>=1.0.0 <2.0.0',
        peers: ['react@^19'],
        renderMode: 'client',
        module: { path: './index.js' },
      },
      'data.json': { title: `Hello from ${id}`, items: [{ label: 'one' }] },
      'schema.json': { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      'puck.json': { $source: './json/schema.json', type: 'object', properties: { title: { type: 'text' } } },
      'meta.json': {
        key: `${pkg.category}:${id}`,
        label: pkg.label,
        status: 'active',
        owner: 'team-acme',
        category: pkg.category,
        previewImage: `https://images.example/${id}.svg`,
      },
    },
  };
}

/** `count` generated packages as a catalog and the origin objects (by path) that serve them. */
export function sampleCatalog(count: number): { catalog: Catalog; objects: Record<string, unknown> } {
  const objects: Record<string, unknown> = {};
  const packages: CatalogPackage[] = [];
  for (let index = 0; index < count; index += 1) {
    const sample = samplePackage(index);
    packages.push(sample.pkg);
    for (const name of ARTIFACT_NAMES) objects[artifactPath(sample.pkg, name)] = sample.artifacts[name];
  }
  return { catalog: { defaultExternals: [...SAMPLE_DEFAULT_EXTERNALS], packages }, objects };
}

/** The origin path of one artifact (spec 2.3's rule without the origin). */
export function artifactPath(pkg: Pick<CatalogPackage, 'package' | 'version'>, artifact: ArtifactName): string {
  return `/${pkg.package}@${pkg.version}/${artifact}`;
}
