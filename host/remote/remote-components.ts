import { performance } from 'node:perf_hooks';
import {
  CATALOG_TAG,
  type Catalog,
  type CatalogPackage,
  cacheKey,
  isExternalSpecifier,
  moduleExternals,
  packageTag,
} from '@runtime-component-catalog/contracts';
import { LRUCache } from 'lru-cache';
import type { TaggedCache } from '../cache/tagged-cache.js';
import { HostError } from '../host-error.js';
import { renderJsonText } from '../rendered-json.js';
import type { RuntimeCatalog } from '../runtime-catalog.js';
import type { CompileObserver } from './compile-observer.js';
import type { CompileQuotas } from './compile-quotas.js';
import type { EsmUrlPolicy } from './esm-url-policy.js';
import type { CompileRequest, RemoteCompiler } from './remote-compiler.js';
import { parseIntegrity } from './subresource-integrity.js';
import { TooManyCompilesError } from './too-many-compiles-error.js';

/** A compiled module as cached and answered: code, ETag and the externals it reads. */
export interface RenderedModule {
  readonly body: string;
  readonly etag: string;
  readonly externals: string;
}

/** Tries of one request whose compile was refused by another client's quota (see `module`). */
const MAX_ATTEMPTS = 3;

/** A checked request: what to compile, and where its result is cached. */
interface ResolvedRequest extends CompileRequest {
  readonly key: string;
  readonly tags: readonly string[];
}

/** What {@link RemoteComponents} is built from. */
export interface RemoteComponentsOptions {
  readonly cache: TaggedCache;
  readonly compiler: RemoteCompiler;
  /** Hears of every compile (the metrics). */
  readonly observer?: CompileObserver | undefined;
  /** Each client's compile quotas, taken by cold compiles only; undefined: no quotas. */
  readonly quotas?: CompileQuotas | undefined;
  readonly policy: EsmUrlPolicy;
  readonly runtimeCatalog: RuntimeCatalog;
  readonly esmOrigin: string;
}

/**
 * `GET /api/remote-component`: validates the request, then answers the compiled module from the
 * cache (key: URL, integrity and externals; one compile at a time per key). The entry is tagged
 * with the package tag of the catalog package whose module URL it is, so revalidating that package
 * compiles again; a URL no catalog package owns is tagged `runtime-catalog`. A compile is run
 * within the compile quotas of the client whose request started it (docs/compile-quotas.md): a
 * cached module, or a compile under way that a request joins, takes none.
 */
export class RemoteComponents {
  readonly #options: RemoteComponentsOptions;
  readonly #ownersByCatalog = new WeakMap<Catalog, ReadonlyMap<string, CatalogPackage>>();
  readonly #resolutions = new WeakMap<Catalog, LRUCache<string, ResolvedRequest>>();

  constructor(options: RemoteComponentsOptions) {
    this.#options = options;
  }

  /**
   * The compiled module of the requested URL (HostError 400/403/422/429/502 otherwise). `rawQuery`
   * identifies the request; `parameters` decodes it, only when it was not resolved before.
   * `requestId` goes out as `x-request-id` on the fetches a compile makes; `client` names who
   * asks (client-address.ts), asked only when this request has to compile; no client (undefined,
   * the default): no quotas.
   */
  async module(
    rawQuery: string,
    parameters: () => { url?: string | undefined; integrity?: string | undefined },
    requestId?: string,
    client: () => string | undefined = () => undefined,
  ): Promise<RenderedModule> {
    const catalog = await this.#options.runtimeCatalog.catalog(requestId);
    const request = this.#resolve(catalog, rawQuery, parameters);
    let asker: { readonly client: string | undefined } | undefined;
    const askerOf = () => {
      asker ??= { client: client() };
      return asker.client;
    };
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#options.cache.getOrLoad(
          request.key,
          request.tags,
          () => this.#compile(request, askerOf(), requestId),
          'module',
        );
      } catch (error) {
        // A refusal is the answer of the client whose request started the compile: one that
        // joined it asks again, and finds the module, another's compile to join, or its own quota.
        const joinedRefusal =
          error instanceof TooManyCompilesError && attempt < MAX_ATTEMPTS && error.client !== askerOf();
        if (!joinedRefusal) throw error;
      }
    }
  }

  /** Compiles `request` within `client`'s quotas (none without a client), and tells the observer. */
  #compile(
    request: ResolvedRequest,
    client: string | undefined,
    requestId: string | undefined,
  ): Promise<RenderedModule> {
    const compile = async (): Promise<RenderedModule> => {
      const observer = this.#options.observer;
      observer?.started();
      const startedAt = performance.now();
      let result = 'ok';
      try {
        const compiled = await this.#options.compiler.compile(request, requestId);
        return { ...renderJsonText(compiled.code), externals: compiled.externals.join(',') };
      } catch (error) {
        result = error instanceof HostError ? error.code : 'internal-error';
        throw error;
      } finally {
        observer?.finished(result, (performance.now() - startedAt) / 1000);
      }
    };
    const quotas = this.#options.quotas;
    return quotas === undefined || client === undefined ? compile() : quotas.run(client, compile);
  }

  /**
   * Checks the parameters and derives the cache key and tags. Valid resolutions are remembered
   * per catalog (bounded), so that a warm answer does not parse URLs again.
   */
  #resolve(
    catalog: Catalog,
    rawQuery: string,
    parameters: () => { url?: string | undefined; integrity?: string | undefined },
  ): ResolvedRequest {
    let resolutions = this.#resolutions.get(catalog);
    if (resolutions === undefined) {
      resolutions = new LRUCache({ max: 1_000 });
      this.#resolutions.set(catalog, resolutions);
    }
    const known = resolutions.get(rawQuery);
    if (known !== undefined) return known;
    const { url: rawUrl, integrity: rawIntegrity } = parameters();
    const url = this.#options.policy.parseRequested(rawUrl);
    const integrity = rawIntegrity === undefined || rawIntegrity === '' ? undefined : rawIntegrity.trim();
    if (integrity !== undefined) parseIntegrity(integrity); // 400 before any fetch
    const externals = moduleExternals(catalog.defaultExternals, url.href).sort();
    // They become a response header and registry reads: refused before anything is fetched or cached.
    const invalid = externals.find((specifier) => !isExternalSpecifier(specifier));
    if (invalid !== undefined) {
      throw new HostError('invalid-url', `Invalid external in url: ${JSON.stringify(invalid)}`);
    }
    const owner = this.#owner(catalog, url);
    const resolved: ResolvedRequest = {
      url,
      integrity,
      externals,
      key: cacheKey(['remote-component', url.href, integrity ?? '', externals.join(',')]),
      tags: [owner === undefined ? CATALOG_TAG : packageTag(owner.id)],
    };
    resolutions.set(rawQuery, resolved);
    return resolved;
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
