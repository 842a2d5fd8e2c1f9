import type { CatalogEntry } from '@runtime-component-catalog/contracts';
import type { CatalogClient } from '../catalog-client.js';
import type { ComponentModule } from '../component-loader.js';
import { entryVersionFor } from '../instance-versions/entry-version.js';
import { SdkError } from '../sdk-error.js';

/** The version an instance renders with, and whether it is its own (another major than the catalog's). */
export interface RenderedVersion {
  /** The package version of the entry the instance renders and is edited with. */
  readonly version: string;
  /** The version of the package's catalog entry in this editor. */
  readonly catalogVersion: string;
  /** True when the instance renders with its own saved version (`?version=`), not the catalog's entry. */
  readonly own: boolean;
}

/**
 * Which component an instance renders with (docs/sdk-versions.md "Which entry an instance uses"):
 * the package's catalog entry in this editor (its first load, as every instance of the package)
 * when the saved version has the catalog version's major and is not newer; else the entry of the
 * saved version itself, loaded once per version. The catalog entry is read first in both cases:
 * an upgrade needs its module's `migrations`.
 */
export class InstanceSource {
  readonly #client: CatalogClient;

  constructor(client: CatalogClient) {
    this.#client = client;
  }

  /**
   * The package's catalog entry in this editor: that of its first component load, started now if
   * none (with `read`, an entry the caller just read, else one read now).
   */
  async catalogEntry(packageId: string, read?: CatalogEntry): Promise<CatalogEntry> {
    const known = this.#client.packageEntry(packageId);
    if (known !== undefined) return known;
    const entry = read ?? (await this.#client.getEntry(packageId));
    this.#client.loadPackageComponent(packageId, entry).catch(() => {});
    return this.#client.packageEntry(packageId) ?? entry;
  }

  /** The catalog module of the package (its `migrations` lead up to the catalog's version). */
  async catalogModule(packageId: string): Promise<{ entry: CatalogEntry; module: ComponentModule }> {
    const entry = await this.catalogEntry(packageId);
    return { entry, module: await this.#client.loadPackageComponent(packageId, entry) };
  }

  /**
   * The version an instance saved under `savedVersion` renders with, once the catalog entry is
   * known (no request); undefined before, and for a saved version that is not one.
   */
  renderedVersion(packageId: string, savedVersion: string | undefined): RenderedVersion | undefined {
    const entry = this.#client.packageEntry(packageId);
    const rendered = entry === undefined ? undefined : decide(entry.version, savedVersion);
    return rendered instanceof SdkError ? undefined : rendered;
  }

  /** The component when it is already loaded (renders without a loading frame). */
  peek(packageId: string, savedVersion: string | undefined): ComponentModule | undefined {
    const rendered = this.renderedVersion(packageId, savedVersion);
    if (rendered === undefined) return undefined;
    return rendered.own
      ? this.#client.peekVersionComponent(packageId, rendered.version)
      : this.#client.peekPackageComponent(packageId);
  }

  /**
   * Loads the component an instance saved under `savedVersion` renders with; `invalid-version`
   * for a saved version that is not one. `read`: the catalog entry the caller just read.
   */
  async load(packageId: string, savedVersion: string | undefined, read?: CatalogEntry): Promise<ComponentModule> {
    const entry = await this.catalogEntry(packageId, read);
    const rendered = decide(entry.version, savedVersion);
    if (rendered instanceof SdkError) throw rendered;
    return rendered.own
      ? this.#client.loadVersionComponent(packageId, rendered.version)
      : this.#client.loadPackageComponent(packageId, entry);
  }
}

function decide(catalogVersion: string, savedVersion: string | undefined): RenderedVersion | SdkError {
  if (savedVersion === undefined) return { version: catalogVersion, catalogVersion, own: false };
  const use = entryVersionFor(savedVersion, catalogVersion);
  if (!use.ok) return new SdkError('invalid-version', use.message);
  return use.use === 'catalog'
    ? { version: catalogVersion, catalogVersion, own: false }
    : { version: use.version, catalogVersion, own: true };
}
