import type { Data } from '@puckeditor/core';
import type { CatalogEntry, ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import type { CatalogView } from '../catalog-view.js';
import type { InstanceLifecycles } from './instance-lifecycles.js';

/** Package coordinates an instance is saved with. */
interface Coordinates {
  readonly package: string;
  readonly version: string;
}

/**
 * A saved page ↔ Puck data (docs/design.md "Page data"). Saved props go to Puck as they are (no
 * defaults applied); back, each instance keeps the package version it was saved or inserted
 * with, and an instance whose insert has not settled is left out: nothing half-made is saved.
 */
export class PageMapping {
  readonly #catalog: CatalogView;
  readonly #lifecycles: InstanceLifecycles;
  /** Package coordinates of each instance: from the saved page, or from the entry it was inserted with. */
  readonly #coordinates = new Map<string, Coordinates>();

  constructor(catalog: CatalogView, lifecycles: InstanceLifecycles) {
    this.#catalog = catalog;
    this.#lifecycles = lifecycles;
  }

  /** `instanceId` was inserted from `entry`: it is saved with that entry's package and version. */
  inserted(instanceId: string, entry: CatalogEntry): void {
    this.#coordinates.set(instanceId, { package: entry.package, version: entry.version });
  }

  /** A saved page as Puck data. */
  toPuckData(page: Page): Data {
    for (const instance of page.content) {
      this.#coordinates.set(instance.id, { package: instance.package, version: instance.version });
    }
    return {
      root: { props: { title: page.title } },
      content: page.content.map((instance) => ({
        type: instance.packageId,
        props: { ...structuredClone(instance.props), id: instance.id },
      })),
    };
  }

  /** Puck data back into `page`; an instance Puck made without an insert (a duplicate) gets the catalog's version. */
  toPage(data: Data, page: Page): Page {
    const content: ComponentInstance[] = [];
    for (const item of data.content) {
      const { id, ...props } = item.props as Record<string, unknown> & { id: string };
      if (!this.#lifecycles.saveable(id, props)) continue;
      const known = this.#coordinates.get(id) ?? this.#catalog.resolve(item.type);
      content.push({ id, packageId: item.type, package: known.package, version: known.version, props });
    }
    const title = (data.root.props as { title?: unknown } | undefined)?.title;
    return { ...page, title: typeof title === 'string' ? title : page.title, content };
  }
}
