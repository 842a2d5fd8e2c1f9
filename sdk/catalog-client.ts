import {
  type ArtifactName,
  artifactPath,
  type Catalog,
  type CatalogEntry,
  type ComponentInstance,
  entryPath,
  type JsonObject,
  type PackageArtifacts,
  parseCatalog,
} from '@runtime-component-catalog/contracts';
import { CatalogView } from './catalog-view.js';
import { createInstance } from './component-instance.js';
import { ComponentLoader, type ComponentModule, type ModuleImporter } from './component-loader.js';
import { HostClient } from './host-client.js';
import { importInBrowser } from './internal/import-in-browser.js';
import { type FetchLike, pageFetch, readJson, request } from './internal/request.js';
import { registerRuntimeModules } from './runtime-registry.js';
import { SdkError } from './sdk-error.js';

/** Options of {@link createCatalogClient}. */
export interface CatalogClientOptions {
  /** The host's base URL (`https://host.example`). */
  readonly hostUrl: string;
  /** The lightweight remote catalog's URL (stage 1). Give this or `catalog`. */
  readonly catalogUrl?: string;
  /** A catalog the page already has (a local one). */
  readonly catalog?: Catalog;
  /** The page's module objects for every external: `{ react: React, 'react/jsx-runtime': jsxRuntime, ... }`. */
  readonly runtime?: Readonly<Record<string, object>>;
  /**
   * The host API version that entries' `hostApi` ranges are checked against. Default: the version
   * the host names in its answers (`x-host-api-version`), else this SDK's release.
   */
  readonly hostApiVersion?: string;
  /** Default: the page's `fetch`. */
  readonly fetch?: FetchLike;
  /** Default: the page's dynamic `import()`. */
  readonly importModule?: ModuleImporter;
}

/**
 * How long a prefetched entry and data.json may stand in for an insert's own reads (ms): a drag
 * takes about a second; a revalidation within that window is seen by the next insert.
 */
export const PREFETCH_FRESH_MS = 5_000;

/** What a prefetch loaded. */
interface Prefetched {
  readonly entry: CatalogEntry;
  readonly data: JsonObject | null;
  /** When it arrived (ms since the epoch). */
  readonly arrived: number;
}

/** What `prepareInsert` gives: the entry, the loaded component module and the new instance. */
export interface InsertedComponent {
  /** The CatalogEntry from the host. */
  readonly entry: CatalogEntry;
  /** The loaded remote module; its default export is the component. */
  readonly module: ComponentModule;
  /** The new instance, data.json's defaults deep-copied as its props. */
  readonly instance: ComponentInstance;
}

/**
 * The editor's catalog client. Stage 1 (`loadCatalog`) fetches only the lightweight catalog;
 * stage 2 (`getEntry`, `getArtifact(s)`, `loadComponent`, `newInstance`, `prepareInsert`) talks
 * to the host's routes. Every request goes through the SDK's one `request()` (internal/request.ts).
 */
export class CatalogClient {
  readonly #options: CatalogClientOptions;
  readonly #fetch: FetchLike;
  readonly #host: HostClient;
  readonly #loader: ComponentLoader;
  #view: Promise<CatalogView> | undefined;
  /** What `prefetchInsert` loaded for each package, until an insert takes it. */
  readonly #prefetched = new Map<string, Promise<Prefetched>>();

  constructor(options: CatalogClientOptions) {
    if (options.catalog === undefined && options.catalogUrl === undefined) {
      throw new TypeError('createCatalogClient needs catalogUrl or catalog');
    }
    this.#options = options;
    this.#fetch = options.fetch ?? pageFetch;
    this.#host = new HostClient(options.hostUrl, this.#fetch);
    this.#loader = new ComponentLoader({
      host: this.#host,
      importModule: options.importModule ?? importInBrowser,
      hostApiVersion: options.hostApiVersion,
    });
    if (options.runtime !== undefined) registerRuntimeModules(options.runtime);
  }

  /** Stage 1: the catalog, validated (`invalid-catalog` names every bad field). Loaded once. */
  loadCatalog(): Promise<CatalogView> {
    this.#view ??= this.#readCatalog().catch((error: unknown) => {
      this.#view = undefined;
      throw error;
    });
    return this.#view;
  }

  /** Registers more of the page's module objects (first registration of a specifier wins). */
  registerRuntime(modules: Readonly<Record<string, object>>): void {
    registerRuntimeModules(modules);
  }

  /**
   * Stage 2: the CatalogEntry of `id` from the host; concurrent calls share one request. With
   * `version`, the entry of that published version (`?version=`; the host answers
   * `invalid-version` or `unknown-version` otherwise).
   */
  getEntry(id: string, version?: string): Promise<CatalogEntry> {
    return this.#host.getJson<CatalogEntry>(entryPath(id, version));
  }

  /** One artifact through the host (null when the origin has none); with `version`, that published version's. */
  async getArtifact(id: string, artifact: ArtifactName, version?: string): Promise<JsonObject | null> {
    try {
      return await this.#host.getJson<JsonObject>(artifactPath(id, artifact, version));
    } catch (error) {
      if (error instanceof SdkError && error.code === 'not-found') return null;
      throw error;
    }
  }

  /** PackageArtifacts of `id` (spec 2.4), `urls` from its entry. */
  async getArtifacts(id: string): Promise<PackageArtifacts> {
    const [entry, descriptor, data, schema, puck, meta] = await Promise.all([
      this.getEntry(id),
      this.getArtifact(id, 'descriptor.json'),
      this.getArtifact(id, 'data.json'),
      this.getArtifact(id, 'schema.json'),
      this.getArtifact(id, 'puck.json'),
      this.getArtifact(id, 'meta.json'),
    ]);
    // Spec 2.3: every artifact URL is the package base plus the artifact name.
    const base = entry.data.url.slice(0, -'/data.json'.length);
    return {
      descriptor,
      data,
      schema,
      puck,
      meta,
      urls: {
        descriptor: `${base}/descriptor.json`,
        data: entry.data.url,
        schema: entry.schema.url,
        puck: entry.puck.url,
        meta: entry.meta.url,
        module: entry.module.url,
      },
    };
  }

  /** The remote component of `entry`, compiled by the host, imported once per module URL. */
  loadComponent(entry: CatalogEntry): Promise<ComponentModule> {
    return this.#loader.load(entry);
  }

  /**
   * The component package `id` renders with in this editor: the first load of its component made
   * here (by any method), else that of `entry`, or of its entry read now. A failed load is forgotten.
   */
  loadPackageComponent(id: string, entry?: CatalogEntry): Promise<ComponentModule> {
    const loading = this.#loader.loading(id);
    if (loading !== undefined) return loading;
    if (entry !== undefined) return this.loadComponent(entry);
    return this.getEntry(id).then((read) => this.loadComponent(read));
  }

  /** The module of {@link loadPackageComponent} once it has loaded (no request): it renders without a loading frame. */
  peekPackageComponent(id: string): ComponentModule | undefined {
    return this.#loader.loaded(id);
  }

  /** The entry of {@link loadPackageComponent}'s first load of `id`, once started: the package's catalog entry in this editor. */
  packageEntry(id: string): CatalogEntry | undefined {
    return this.#loader.entry(id);
  }

  /** The component of published `version` of `id` (entry read with `?version=`), once per version (docs/sdk-versions.md). */
  loadVersionComponent(id: string, version: string): Promise<ComponentModule> {
    const key = versionKey(id, version);
    const loading = this.#loader.loading(key);
    if (loading !== undefined) return loading;
    return this.getEntry(id, version).then((entry) => this.#loader.load(entry, key));
  }

  /** The module of {@link loadVersionComponent} once it has loaded (no request). */
  peekVersionComponent(id: string, version: string): ComponentModule | undefined {
    return this.#loader.loaded(versionKey(id, version));
  }

  /**
   * A new instance with a deep copy of `entry`'s current data.json as props.
   * @deprecated use {@link CatalogClient.newInstance} (`(await client.newInstance(entry)).instance`).
   */
  async createInstance(entry: CatalogEntry): Promise<ComponentInstance> {
    return (await this.newInstance(entry)).instance;
  }

  /**
   * Starts loading what an insert of `id` needs (its entry, its component, data.json), e.g. when
   * a drag of its list item starts, so that the drop renders without waiting for the network. The
   * next insert of `id` takes it if it arrived at most {@link PREFETCH_FRESH_MS} before; a failed
   * prefetch is forgotten (the insert then loads and reports for itself).
   */
  prefetchInsert(id: string): void {
    if (this.#prefetched.has(id)) return;
    const prefetched = (async () => {
      const entry = await this.getEntry(id);
      this.loadComponent(entry).catch(() => {});
      const data = await this.getArtifact(id, 'data.json');
      return { entry, data, arrived: Date.now() };
    })();
    prefetched.catch(() => this.#prefetched.delete(id));
    this.#prefetched.set(id, prefetched);
  }

  /**
   * A new instance with a deep copy of data.json as props, and the entry it was made from, without
   * its component (the caller loads it, or not): of package `id` (its entry and data.json read
   * now, or taken from a fresh prefetch), or of an `entry` the caller has (its data.json read now).
   */
  async newInstance(of: string | CatalogEntry): Promise<{
    /** The entry the instance was made from. */
    entry: CatalogEntry;
    /** The new instance, data.json's defaults deep-copied as its props. */
    instance: ComponentInstance;
  }> {
    if (typeof of !== 'string') {
      return { entry: of, instance: createInstance(of, await this.getArtifact(of.id, 'data.json')) };
    }
    const { entry, data } = await this.#entryAndDefaults(of);
    return { entry, instance: createInstance(entry, await data) };
  }

  /**
   * What an insert needs, without inserting anything: the entry, then its component and a new
   * instance with a deep copy of data.json as props, loaded together (or taken from a fresh
   * prefetch). The caller puts the instance on its page (the Puck adapter does, on Puck's insert).
   */
  async prepareInsert(id: string): Promise<InsertedComponent> {
    const { entry, data } = await this.#entryAndDefaults(id);
    const [module, defaults] = await Promise.all([this.loadComponent(entry), data]);
    return { entry, module, instance: createInstance(entry, defaults) };
  }

  /** The entry of `id`, and its data.json on the way: from a fresh prefetch, or read now. */
  async #entryAndDefaults(id: string): Promise<{ entry: CatalogEntry; data: Promise<JsonObject | null> }> {
    const prefetched = await this.#takePrefetched(id);
    if (prefetched !== undefined) return { entry: prefetched.entry, data: Promise.resolve(prefetched.data) };
    const entry = await this.getEntry(id);
    return { entry, data: this.getArtifact(id, 'data.json') };
  }

  /** A prefetch of `id`, taken once; undefined when there is none, it failed, or it is too old. */
  async #takePrefetched(id: string): Promise<Prefetched | undefined> {
    const prefetched = this.#prefetched.get(id);
    if (prefetched === undefined) return undefined;
    this.#prefetched.delete(id);
    const result = await prefetched.catch(() => undefined);
    return result !== undefined && Date.now() - result.arrived <= PREFETCH_FRESH_MS ? result : undefined;
  }

  async #readCatalog(): Promise<CatalogView> {
    let input: unknown = this.#options.catalog;
    let baseUrl: string | undefined;
    const url = this.#options.catalogUrl;
    if (input === undefined && url !== undefined) {
      baseUrl = URL.canParse(url) ? url : globalThis.location && new URL(url, globalThis.location.href).href;
      const response = await request(this.#fetch, url);
      input = await readJson(
        response,
        `GET ${url}`,
        (cause) => new SdkError('invalid-catalog', `Invalid catalog: not JSON (${url})`, { cause }),
      );
    }
    const parsed = parseCatalog(input);
    if (!parsed.ok) throw new SdkError('invalid-catalog', `Invalid catalog: ${parsed.issues.join('; ')}`);
    return new CatalogView(parsed.catalog, baseUrl);
  }
}

/** Creates the editor's catalog client (see {@link CatalogClient}). */
export function createCatalogClient(options: CatalogClientOptions): CatalogClient {
  return new CatalogClient(options);
}

/** The loader's key of one published version of a package (its catalog entry's key is the id). */
const versionKey = (id: string, version: string) => `${id}@${version}`;
