import {
  type CatalogEntry,
  HOST_API_VERSION,
  REMOTE_EXTERNALS_HEADER,
  remoteComponentPath,
} from '@runtime-component-catalog/contracts';
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import type { HostClient } from './host-client.js';
import { missingRuntimeModules } from './runtime-registry.js';
import { SdkError } from './sdk-error.js';

/** A loaded remote component module: its default export is the component. */
export type ComponentModule = Record<string, unknown> & {
  /** The component. */
  default?: unknown;
};

/** Imports an ES module by URL: the page's own `import()` by default. */
export type ModuleImporter = (url: string) => Promise<ComponentModule>;

/** What {@link ComponentLoader} needs. */
export interface ComponentLoaderOptions {
  readonly host: HostClient;
  readonly importModule: ModuleImporter;
  /** The page's own setting; otherwise the version the host names, otherwise this release's. */
  readonly hostApiVersion: string | undefined;
}

/**
 * Loads the remote component of an entry (spec 1.3, 4.3): checks `hostApi`, asks the host for
 * the compiled module's externals (HEAD), refuses when the page has not registered one of them,
 * then imports it. One load per module URL and integrity; a failed load is not remembered. This
 * is the SDK's one module cache: the Puck adapter renders each package with the first load made
 * for it here (`loading`, `loaded`).
 */
export class ComponentLoader {
  readonly #options: ComponentLoaderOptions;
  /** Each load, by module URL. */
  readonly #loads = new Map<string, Promise<ComponentModule>>();
  /** Each loaded module, by module URL: what renders at once, without a loading frame. */
  readonly #modules = new Map<string, ComponentModule>();
  /**
   * The module URL and entry of each package's first load that has not failed, by render key: the
   * package id for its catalog entry, `<id>@<version>` for the entry of one published version.
   */
  readonly #packages = new Map<string, { readonly url: string; readonly entry: CatalogEntry }>();

  constructor(options: ComponentLoaderOptions) {
    this.#options = options;
  }

  /**
   * The module of `entry`, cached per module URL; the first load under `key` (default: the
   * package id) is the one {@link loading} and {@link loaded} give for it.
   */
  load(entry: CatalogEntry, key: string = entry.id): Promise<ComponentModule> {
    const incompatible = this.#hostApiError(entry);
    if (incompatible !== undefined) return Promise.reject(incompatible);
    const path = remoteComponentPath(entry.module.url, entry.module.sri);
    const url = this.#options.host.url(path);
    let module = this.#loads.get(url);
    if (module === undefined) {
      module = this.#load(entry, path, url);
      this.#loads.set(url, module);
      module.then(
        (loaded) => this.#modules.set(url, loaded),
        () => {
          this.#loads.delete(url);
          for (const [known, first] of this.#packages) if (first.url === url) this.#packages.delete(known);
        },
      );
    }
    if (!this.#packages.has(key)) this.#packages.set(key, { url, entry });
    return module;
  }

  /** The first load under `key` (a package id, or `<id>@<version>`) made here, under way or done; undefined when none (or it failed). */
  loading(key: string): Promise<ComponentModule> | undefined {
    const first = this.#packages.get(key);
    return first === undefined ? undefined : this.#loads.get(first.url);
  }

  /** The module of {@link loading} once it has loaded. */
  loaded(key: string): ComponentModule | undefined {
    const first = this.#packages.get(key);
    return first === undefined ? undefined : this.#modules.get(first.url);
  }

  /** The entry of the first load under `key`, as soon as that load started; undefined when none (or it failed). */
  entry(key: string): CatalogEntry | undefined {
    return this.#packages.get(key)?.entry;
  }

  async #load(entry: CatalogEntry, path: string, url: string): Promise<ComponentModule> {
    const head = await this.#options.host.head(path, `Loading the component of ${entry.id}`);
    const externals = (head.headers.get(REMOTE_EXTERNALS_HEADER) ?? '').split(',').filter((name) => name !== '');
    const missing = missingRuntimeModules(externals);
    if (missing.length > 0) {
      throw new SdkError(
        'missing-external',
        `The component of ${entry.id} needs modules the page did not register: ${missing.join(', ')}`,
        { missing },
      );
    }
    try {
      return await this.#options.importModule(url);
    } catch (error) {
      if (error instanceof SdkError) throw error;
      throw new SdkError('module-load', `The component of ${entry.id} failed to load: ${String(error)}`, {
        cause: error,
      });
    }
  }

  #hostApiError(entry: CatalogEntry): SdkError | undefined {
    if (entry.hostApi === undefined) return undefined;
    const version = this.#options.hostApiVersion ?? this.#options.host.hostApiVersion ?? HOST_API_VERSION;
    if (validRange(entry.hostApi) === null || !satisfies(version, entry.hostApi, { includePrerelease: true })) {
      return new SdkError(
        'incompatible-host-api',
        `The component of ${entry.id} requires host API ${entry.hostApi}, but the host API is ${version}`,
      );
    }
    return undefined;
  }
}
