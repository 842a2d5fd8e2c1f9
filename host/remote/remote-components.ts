import {
  CATALOG_TAG,
  type Catalog,
  type CatalogPackage,
  cacheKey,
  moduleExternals,
  packageTag,
} from '../../contracts/index.js';
import type { TaggedCache } from '../cache/tagged-cache.js';
import { renderJsonText } from '../rendered-json.js';
import type { RuntimeCatalog } from '../runtime-catalog.js';
import type { EsmUrlPolicy } from './esm-url-policy.js';
import type { RemoteCompiler } from './remote-compiler.js';
import { parseIntegrity } from './subresource-integrity.js';

/** A compiled module as cached and answered: code, ETag and the externals it reads. */
export interface RenderedModule {
  readonly body: string;
  readonly etag: string;
  readonly externals: string;
}

/** What {@link RemoteComponents} is built from. */
export interface RemoteComponentsOptions {
  readonly cache: TaggedCache;
  readonly compiler: RemoteCompiler;
  readonly policy: EsmUrlPolicy;
  readonly runtimeCatalog: RuntimeCatalog;
  readonly esmOrigin: string;
}

/**
 * `GET /api/remote-component`: validates the request, then answers the compiled module from the
 * cache (key: URL, integrity and externals; one compile at a time per key). The entry is tagged
 * with the package tag of the catalog package whose module URL it is, so revalidating that package
 * compiles again; a URL no catalog package owns is tagged `runtime-catalog`.
 */
export class RemoteComponents {
  readonly #options: RemoteComponentsOptions;
  readonly #ownersByCatalog = new WeakMap<Catalog, ReadonlyMap<string, CatalogPackage>>();

  constructor(options: RemoteComponentsOptions) {
    this.#options = options;
  }

  async module(rawUrl: string | undefined, rawIntegrity: string | undefined): Promise<RenderedModule> {
    const url = this.#options.policy.parseRequested(rawUrl);
    const integrity = rawIntegrity === undefined || rawIntegrity === '' ? undefined : rawIntegrity.trim();
    if (integrity !== undefined) parseIntegrity(integrity); // 400 before any fetch
    const catalog = await this.#options.runtimeCatalog.catalog();
    const externals = moduleExternals(catalog.defaultExternals, url.href).sort();
    const owner = this.#owner(catalog, url);
    const key = cacheKey(['remote-component', url.href, integrity ?? '', externals.join(',')]);
    return this.#options.cache.getOrLoad(key, [owner === undefined ? CATALOG_TAG : packageTag(owner.id)], async () => {
      const compiled = await this.#options.compiler.compile({ url, integrity, externals });
      return { ...renderJsonText(compiled.code), externals: compiled.externals.join(',') };
    });
  }

  #owner(catalog: Catalog, url: URL): CatalogPackage | undefined {
    let owners = this.#ownersByCatalog.get(catalog);
    if (owners === undefined) {
      const base = this.#options.esmOrigin;
      owners = new Map(catalog.packages.map((pkg) => [new URL(`${base}/${pkg.package}@${pkg.version}`).href, pkg]));
      this.#ownersByCatalog.set(catalog, owners);
    }
    return owners.get(`${url.origin}${url.pathname}`);
  }
}
