import {
  ARTIFACT_NAMES,
  type ArtifactName,
  artifactCacheKeyParts,
  artifactTag,
  CATALOG_TAG,
  type Catalog,
  type CatalogBuildFailure,
  type CatalogPackage,
  cacheKey,
  type JsonObject,
  type PackageArtifacts,
  type PackageUrls,
  packageTag,
  packageUrls,
  type RevalidateResponse,
} from '@runtime-component-catalog/contracts';
import type { ArtifactLoader } from './artifact-loader.js';
import type { TaggedCache } from './cache/tagged-cache.js';
import { buildCatalogEntry } from './catalog-entry-builder.js';
import type { CatalogReader } from './catalog-source.js';
import { HostError } from './host-error.js';
import { type RenderedJson, renderJson, renderJsonText } from './rendered-json.js';

/** What {@link RuntimeCatalog} is built from. */
export interface RuntimeCatalogOptions {
  /** The tagged cache every read goes through. */
  readonly cache: TaggedCache;
  /** Reads the catalog source (file or URL). */
  readonly readCatalog: CatalogReader;
  /** Loads one artifact from the artifacts origin. */
  readonly loadArtifact: ArtifactLoader;
  /** `{artifacts_origin}` of the artifact URLs (spec 2.3). */
  readonly artifactsOrigin: string;
  /** `{esm_origin}` of the module URLs (spec 2.3). */
  readonly esmOrigin: string;
}

const CATALOG_SOURCE_KEY = cacheKey(['runtime-catalog-source']);
const CATALOG_BUILD_KEY = cacheKey(['runtime-catalog-build']);

/**
 * The catalog half of the host (spec 4.1, 3): the catalog source, each artifact and the builds
 * made from them, all read through one tagged cache.
 * - artifact: key parts and tags exactly as spec 3;
 * - entry: a build of one package, tagged with its package, its five artifact tags and the catalog;
 * - whole catalog: tagged with the catalog and every tag of every entry it holds.
 */
export class RuntimeCatalog {
  readonly #options: RuntimeCatalogOptions;
  readonly #packagesById = new WeakMap<Catalog, ReadonlyMap<string, IndexedPackage>>();
  readonly #renderedArtifacts = new WeakMap<JsonObject, RenderedJson>();

  constructor(options: RuntimeCatalogOptions) {
    this.#options = options;
  }

  /** The validated catalog, cached under the `runtime-catalog` tag (docs/design.md). */
  catalog(requestId?: string): Promise<Catalog> {
    return this.#options.cache.getOrLoad(
      CATALOG_SOURCE_KEY,
      [CATALOG_TAG],
      () => this.#options.readCatalog(requestId),
      'catalog',
    );
  }

  /** One artifact of one package version: spec 3's key parts and both tags. */
  artifact(pkg: CatalogPackage, artifact: ArtifactName, url: string, requestId?: string): Promise<JsonObject | null> {
    return this.#options.cache.getOrLoad(
      cacheKey(artifactCacheKeyParts(pkg.id, pkg.version, artifact)),
      [artifactTag(pkg.id, artifact), packageTag(pkg.id)],
      () => this.#options.loadArtifact({ packageId: pkg.id, artifact, url, requestId }),
      'artifact',
    );
  }

  /** Spec 4.1 rule 1: the five artifacts in parallel, each through its own cache entry. */
  async packageArtifacts(pkg: CatalogPackage, catalog: Catalog, requestId?: string): Promise<PackageArtifacts> {
    const urls = packageUrls(this.#options, pkg, catalog.defaultExternals);
    const [descriptor, data, schema, puck, meta] = await Promise.all([
      this.artifact(pkg, 'descriptor.json', urls.descriptor, requestId),
      this.artifact(pkg, 'data.json', urls.data, requestId),
      this.artifact(pkg, 'schema.json', urls.schema, requestId),
      this.artifact(pkg, 'puck.json', urls.puck, requestId),
      this.artifact(pkg, 'meta.json', urls.meta, requestId),
    ]);
    return { descriptor, data, schema, puck, meta, urls };
  }

  /**
   * `GET /api/runtime-catalog/<id>`: the entry, serialised. Unknown id: HostError `unknown-package`.
   * Keyed by id and the catalog's version of it, so that an entry and the artifact routes always
   * agree on the version, even when the catalog value was evicted and read again.
   */
  async entry(packageId: string, requestId?: string): Promise<RenderedJson> {
    return this.entryNowOrLater(packageId, requestId);
  }

  /**
   * {@link entry}, answered without a promise when this process holds the catalog and the entry
   * (the warm path: the route then answers synchronously, which @hono/node-server writes on its
   * fast path, docs/host-performance.md "Warm entry"); else the promise of loading what is missing.
   * An unknown id throws `unknown-package` here, synchronously, once the catalog is known.
   * `version`: the entry of that published version (`?version=`, docs/design.md HTTP contract); the
   * catalog's own version is the catalog entry itself, the same cache value.
   */
  entryNowOrLater(packageId: string, requestId?: string, version?: string): RenderedJson | Promise<RenderedJson> {
    const catalog = this.#options.cache.peek<Catalog>(CATALOG_SOURCE_KEY, 'catalog');
    if (catalog === undefined)
      return this.catalog(requestId).then((loaded) => this.#entryOf(loaded, packageId, requestId, version));
    return this.#entryOf(catalog, packageId, requestId, version);
  }

  #entryOf(
    catalog: Catalog,
    packageId: string,
    requestId: string | undefined,
    version: string | undefined,
  ): RenderedJson | Promise<RenderedJson> {
    const indexed = this.#package(catalog, packageId);
    const { pkg } = indexed;
    const requested = version ?? pkg.version;
    const ofCatalog = requested === pkg.version;
    const entryKey = ofCatalog ? indexed.entryKey : versionEntryKey(indexed, requested);
    return (
      this.#options.cache.peek<RenderedJson>(entryKey, 'entry') ??
      this.#options.cache.getOrLoad(
        entryKey,
        () => entryTags(packageId),
        ofCatalog
          ? async () => renderJson(buildCatalogEntry(pkg, await this.packageArtifacts(pkg, catalog, requestId)))
          : () => this.#versionEntry({ ...pkg, version: requested }, catalog, requestId),
        'entry',
      )
    );
  }

  /**
   * The entry of a version other than the catalog's: the catalog's data of the package with that
   * version's artifacts, once {@link #assertPublished} has found the version.
   */
  async #versionEntry(pkg: CatalogPackage, catalog: Catalog, requestId: string | undefined): Promise<RenderedJson> {
    await this.#assertPublished(pkg, packageUrls(this.#options, pkg, catalog.defaultExternals), requestId);
    return renderJson(buildCatalogEntry(pkg, await this.packageArtifacts(pkg, catalog, requestId)));
  }

  /**
   * `GET /api/runtime-catalog/<id>/<artifact>`: the artifact's JSON; an origin 404 is
   * `artifact-not-found`. `version`: that artifact of that published version (`?version=`,
   * docs/design.md HTTP contract), under spec 3's key of that version with the package's tags, so
   * a package revalidation drops it; a version the origin does not have is `unknown-version`, as
   * for its entry. The catalog's own version is the plain route's answer.
   */
  async artifactJson(
    packageId: string,
    artifact: ArtifactName,
    requestId?: string,
    version?: string,
  ): Promise<RenderedJson> {
    const catalog = await this.catalog(requestId);
    const { pkg: catalogPkg } = this.#package(catalog, packageId);
    const pkg = version === undefined || version === catalogPkg.version ? catalogPkg : { ...catalogPkg, version };
    const urls = packageUrls(this.#options, pkg, catalog.defaultExternals);
    if (pkg !== catalogPkg) await this.#assertPublished(pkg, urls, requestId);
    const value = await this.artifact(pkg, artifact, urls[artifactKey(artifact)], requestId);
    if (value === null) throw new HostError('artifact-not-found', `Artifact not found: ${artifact}`);
    let rendered = this.#renderedArtifacts.get(value);
    if (rendered === undefined) {
      rendered = renderJson(value);
      this.#renderedArtifacts.set(value, rendered);
    }
    return rendered;
  }

  /**
   * HostError `unknown-version` unless the origin has the descriptor.json of `pkg`'s version (a
   * version other than the catalog's). Read alone, before anything else of that version: a version
   * the origin does not have costs one origin request and leaves one cached `null` (dropped with
   * the package tag when that version is published and revalidated).
   */
  async #assertPublished(pkg: CatalogPackage, urls: PackageUrls, requestId: string | undefined): Promise<void> {
    if ((await this.artifact(pkg, 'descriptor.json', urls.descriptor, requestId)) === null) {
      throw new HostError('unknown-version', `Unknown version of ${pkg.id}: ${pkg.version}`);
    }
  }

  /**
   * `GET /api/runtime-catalog`: every package's entry. A package that fails is listed in
   * `failures` and the build is answered but not cached (docs/design.md).
   */
  build(requestId?: string): Promise<RenderedJson> {
    return this.#options.cache.getOrLoad(
      CATALOG_BUILD_KEY,
      [CATALOG_TAG],
      async (context) => {
        const catalog = await this.catalog(requestId);
        for (const pkg of catalog.packages) for (const tag of entryTags(pkg.id)) context.tags.add(tag);
        const failures: CatalogBuildFailure[] = [];
        const bodies = await Promise.all(
          catalog.packages.map((pkg) =>
            this.entry(pkg.id, requestId).then(
              (rendered) => rendered.body,
              (error: unknown) => {
                failures.push({
                  packageId: pkg.id,
                  error: error instanceof HostError ? error.message : 'Internal error',
                });
                return undefined;
              },
            ),
          ),
        );
        if (failures.length > 0) context.skipStore();
        const entries = bodies.filter((body) => body !== undefined).join(',');
        return renderJsonText(`{"entries":[${entries}],"failures":${JSON.stringify(failures)}}`);
      },
      'build',
    );
  }

  /**
   * Spec 4.2: invalidates the artifact tag (artifact given) or the package tag, and with either
   * the catalog source and builds (docs/design.md), for every reader, before it answers.
   */
  async revalidate(packageId: string, artifact?: ArtifactName): Promise<RevalidateResponse> {
    const tag = artifact === undefined ? packageTag(packageId) : artifactTag(packageId, artifact);
    await this.#options.cache.invalidate([tag, CATALOG_TAG]);
    return artifact === undefined
      ? { revalidated: true, packageId, tag }
      : { revalidated: true, packageId, artifact, tag };
  }

  /**
   * The package `packageId` of `catalog` with its entry's cache key, through an index made once
   * per catalog value (a linear search of 1,000 packages costs more than the rest of a warm
   * answer; bench row "warm entry … 1,000 packages").
   */
  #package(catalog: Catalog, packageId: string): IndexedPackage {
    let byId = this.#packagesById.get(catalog);
    if (byId === undefined) {
      byId = new Map(
        catalog.packages.map((pkg) => [
          pkg.id,
          { pkg, entryKey: entryCacheKey(pkg.id, pkg.version), versionKeys: new Map<string, string>() },
        ]),
      );
      this.#packagesById.set(catalog, byId);
    }
    const indexed = byId.get(packageId);
    if (indexed === undefined) throw new HostError('unknown-package', `Unknown package: ${packageId}`);
    return indexed;
  }
}

/** A package of the catalog and the cache keys of its entries. */
interface IndexedPackage {
  readonly pkg: CatalogPackage;
  /** The key of the catalog version's entry. */
  readonly entryKey: string;
  /** The keys of other versions' entries asked for (`?version=`), at most {@link MAX_VERSION_KEYS}. */
  readonly versionKeys: Map<string, string>;
}

/** Versions of one package whose entry key is kept; past them, the key is built for each request. */
const MAX_VERSION_KEYS = 16;

/**
 * The entry key of another `version` of an indexed package, kept as the catalog version's is, so a
 * warm `?version=` entry builds no key (docs/host-performance.md "Warm versioned entry"). Bounded,
 * because a client can ask for any number of well-formed versions; the keys go with the catalog
 * value they were indexed from.
 */
function versionEntryKey(indexed: IndexedPackage, version: string): string {
  let key = indexed.versionKeys.get(version);
  if (key === undefined) {
    key = entryCacheKey(indexed.pkg.id, version);
    if (indexed.versionKeys.size < MAX_VERSION_KEYS) indexed.versionKeys.set(version, key);
  }
  return key;
}

/**
 * The cache key of the entry of one version of a package: the catalog's version and any other
 * share one key shape, so `?version=<the catalog's>` is the catalog entry's value.
 */
function entryCacheKey(packageId: string, version: string): string {
  return cacheKey(['runtime-entry', packageId, version]);
}

/** Every tag the entry of a package depends on, whatever its version. */
function entryTags(packageId: string): string[] {
  return [CATALOG_TAG, packageTag(packageId), ...ARTIFACT_NAMES.map((name) => artifactTag(packageId, name))];
}

function artifactKey(artifact: ArtifactName): keyof PackageArtifacts['urls'] {
  return artifact.slice(0, -'.json'.length) as keyof PackageArtifacts['urls'];
}
