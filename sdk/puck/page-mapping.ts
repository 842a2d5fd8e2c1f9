import type { Data } from '@puckeditor/core';
import { type CatalogEntry, type ComponentInstance, type Page, sameValue } from '@runtime-component-catalog/contracts';
import type { CatalogView } from '../catalog-view.js';
import { versionOnEdit } from '../instance-versions/entry-version.js';
import type { InstanceLifecycles } from './instance-lifecycles.js';
import { instanceProps, savedVersionOf, VERSION_PROP } from './version-prop.js';

/**
 * A saved page ↔ Puck data (docs/design.md "Page data"). Saved props go to Puck as they are (no
 * defaults applied), with the saved version beside them ({@link VERSION_PROP}); back, an
 * instance whose insert has not settled is left out (nothing half-made is saved), and each
 * instance's version follows docs/sdk-versions.md "Which version is saved": unchanged while its
 * props and version are those last stored; once edited, the catalog's version when it renders
 * with the catalog's entry, else its own (an instance of another major keeps it until upgraded).
 */
export class PageMapping {
  readonly #catalog: CatalogView;
  readonly #lifecycles: InstanceLifecycles;
  /** The version of the catalog entry a package renders with in this editor, once known. */
  readonly #catalogVersionOf: (packageId: string) => string | undefined;
  /** The npm package of each instance: from the saved page, or from the entry it was inserted with. */
  readonly #packages = new Map<string, string>();

  constructor(
    catalog: CatalogView,
    lifecycles: InstanceLifecycles,
    catalogVersionOf: (packageId: string) => string | undefined,
  ) {
    this.#catalog = catalog;
    this.#lifecycles = lifecycles;
    this.#catalogVersionOf = catalogVersionOf;
  }

  /** `instanceId` was inserted from `entry`: it is saved with that entry's package (its version is in its Puck props). */
  inserted(instanceId: string, entry: CatalogEntry): void {
    this.#packages.set(instanceId, entry.package);
  }

  /** A saved page as Puck data. */
  toPuckData(page: Page): Data {
    for (const instance of page.content) this.#packages.set(instance.id, instance.package);
    return {
      root: { props: { title: page.title } },
      content: page.content.map((instance) => ({
        type: instance.packageId,
        props: { ...structuredClone(instance.props), id: instance.id, [VERSION_PROP]: instance.version },
      })),
    };
  }

  /**
   * Puck data back into `page` (the page as last stored: an instance equal to its stored self
   * keeps its stored version). An instance Puck made without the adapter gets the catalog's.
   */
  toPage(data: Data, page: Page): Page {
    const stored = new Map(page.content.map((instance) => [instance.id, instance]));
    const content: ComponentInstance[] = [];
    for (const item of data.content) {
      const puckProps = item.props as Record<string, unknown> & { id: string };
      const { id } = puckProps;
      const props = instanceProps(puckProps);
      if (!this.#lifecycles.saveable(id, props)) continue;
      const before = stored.get(id);
      const known = this.#catalog.resolve(item.type);
      const base = savedVersionOf(puckProps) ?? before?.version ?? known.version;
      const unchanged =
        before !== undefined &&
        before.packageId === item.type &&
        before.version === base &&
        sameValue(before.props, props);
      content.push({
        id,
        packageId: item.type,
        package: this.#packages.get(id) ?? before?.package ?? known.package,
        version: unchanged ? base : this.#editedVersion(item.type, base),
        props,
      });
    }
    const title = (data.root.props as { title?: unknown } | undefined)?.title;
    return { ...page, title: typeof title === 'string' ? title : page.title, content };
  }

  /** The version an edited instance saved under `base` records: the catalog's when it renders with it. */
  #editedVersion(packageId: string, base: string): string {
    const catalogVersion = this.#catalogVersionOf(packageId);
    if (catalogVersion === undefined) return base;
    const edited = versionOnEdit(base, catalogVersion);
    return edited.ok ? edited.version : base;
  }
}
