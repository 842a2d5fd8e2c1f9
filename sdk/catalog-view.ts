import type { Catalog, CatalogPackage } from '@runtime-component-catalog/contracts';
import { SdkError } from './sdk-error.js';

/** A category and its packages, in catalog order. */
export interface CatalogCategory {
  /** The category's name. */
  readonly category: string;
  /** Its packages, in catalog order. */
  readonly packages: readonly CatalogPackage[];
}

/**
 * Stage 1 helpers over a loaded catalog (spec 2.1): list, group by category, labels, previews,
 * package name and version, default externals. Pure: nothing here fetches.
 */
export class CatalogView {
  /** The catalog as loaded and validated. */
  readonly catalog: Catalog;
  readonly #byId: ReadonlyMap<string, CatalogPackage>;
  readonly #baseUrl: string | undefined;

  /** `baseUrl`: the catalog's own URL, against which relative preview image URLs resolve. */
  constructor(catalog: Catalog, baseUrl?: string) {
    this.catalog = catalog;
    this.#baseUrl = baseUrl;
    this.#byId = new Map(catalog.packages.map((pkg) => [pkg.id, pkg]));
  }

  /** Every package, in catalog order. */
  get packages(): readonly CatalogPackage[] {
    return this.catalog.packages;
  }

  /** Module names the remote components must not bundle. */
  get defaultExternals(): readonly string[] {
    return this.catalog.defaultExternals;
  }

  /** Packages grouped by category, categories in order of first appearance. */
  categories(): CatalogCategory[] {
    const groups = new Map<string, CatalogPackage[]>();
    for (const pkg of this.catalog.packages) {
      const group = groups.get(pkg.category) ?? [];
      group.push(pkg);
      groups.set(pkg.category, group);
    }
    return [...groups].map(([category, packages]) => ({ category, packages }));
  }

  /** The package of `id`; `unknown-package` otherwise. */
  package(id: string): CatalogPackage {
    const pkg = this.#byId.get(id);
    if (pkg === undefined) throw new SdkError('unknown-package', `Unknown package: ${id}`, { status: 404 });
    return pkg;
  }

  /** Display label of `id`. */
  label(id: string): string {
    return this.package(id).label;
  }

  /**
   * Preview image URL of `id`, when the catalog has one (the lightweight remote catalog does); a
   * relative URL resolves against the catalog's URL.
   */
  previewImage(id: string): string | undefined {
    const image = this.package(id).previewImage;
    if (image === undefined || this.#baseUrl === undefined) return image;
    return new URL(image, this.#baseUrl).href;
  }

  /** Package name and version of `id`. */
  resolve(id: string): {
    /** The npm package name. */
    package: string;
    /** The exact version. */
    version: string;
  } {
    const pkg = this.package(id);
    return { package: pkg.package, version: pkg.version };
  }
}
