import {
  type CatalogEntry,
  HOST_API_VERSION,
  REMOTE_EXTERNALS_HEADER,
  remoteComponentPath,
} from '@runtime-component-catalog/contracts';
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import { errorFromResponse, type FetchLike, type HostClient } from './host-client.js';
import { missingRuntimeModules } from './runtime-registry.js';
import { SdkError } from './sdk-error.js';

/** A loaded remote component module: its default export is the component. */
export type ComponentModule = Record<string, unknown> & { default?: unknown };

/** Imports an ES module by URL: the page's own `import()` by default. */
export type ModuleImporter = (url: string) => Promise<ComponentModule>;

/** What {@link ComponentLoader} needs. */
export interface ComponentLoaderOptions {
  readonly host: HostClient;
  readonly fetch: FetchLike;
  readonly importModule: ModuleImporter;
  /** The page's own setting; otherwise the version the host names, otherwise this release's. */
  readonly hostApiVersion: string | undefined;
}

/**
 * Loads the remote component of an entry (spec 1.3, 4.3): checks `hostApi`, asks the host for
 * the compiled module's externals (HEAD), refuses when the page has not registered one of them,
 * then imports it. One load per module URL and integrity; a failed load is not remembered.
 */
export class ComponentLoader {
  readonly #options: ComponentLoaderOptions;
  readonly #loaded = new Map<string, Promise<ComponentModule>>();

  constructor(options: ComponentLoaderOptions) {
    this.#options = options;
  }

  /** The module of `entry`, cached per module URL. */
  load(entry: CatalogEntry): Promise<ComponentModule> {
    const incompatible = this.#hostApiError(entry);
    if (incompatible !== undefined) return Promise.reject(incompatible);
    const url = this.#options.host.url(remoteComponentPath(entry.module.url, entry.module.sri));
    let module = this.#loaded.get(url);
    if (module === undefined) {
      module = this.#load(entry, url);
      this.#loaded.set(url, module);
      module.catch(() => this.#loaded.delete(url));
    }
    return module;
  }

  async #load(entry: CatalogEntry, url: string): Promise<ComponentModule> {
    let head: Response;
    try {
      head = await this.#options.fetch(url, { method: 'HEAD' });
    } catch (error) {
      throw new SdkError('network', `Network error: loading the component of ${entry.id}`, { cause: error });
    }
    if (!head.ok) {
      // HEAD has no body: ask again with GET for the host's message.
      const failed = await this.#options.fetch(url).catch(() => head);
      throw await errorFromResponse(failed, `Loading the component of ${entry.id}`);
    }
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
