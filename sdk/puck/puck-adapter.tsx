import type { ComponentConfig, Config, Data, Fields, Overrides } from '@puckeditor/core';
import type { Page } from '@runtime-component-catalog/contracts';
import type { ReactNode } from 'react';
import type { CatalogClient } from '../catalog-client.js';
import type { CatalogView } from '../catalog-view.js';
import type { ExternalSource } from '../external-source.js';
import { CatalogListItem } from './catalog-list-item.js';
import { insertInstance, type PuckInsertApi } from './insert-instance.js';
import { InstanceLifecycles } from './instance-lifecycles.js';
import { PageMapping } from './page-mapping.js';
import { PageRoot } from './page-root.js';
import { type FieldIssue, puckFieldsOf } from './puck-fields.js';
import { type ComponentSource, RemoteInstance } from './remote-instance.js';
import { RemoveInstance } from './remove-instance.js';
import { unsupportedField } from './unsupported-field.js';

/** Options of {@link createPuckAdapter}. */
export interface PuckAdapterOptions {
  /** The catalog client (`createCatalogClient`) that loads entries, data.json and components. */
  readonly client: CatalogClient;
  /** The stage 1 catalog (`client.loadCatalog()`): the component list is built from it alone. */
  readonly catalog: CatalogView;
  /**
   * Called for each puck.json field Puck cannot show (each is also in `fieldIssues`, and shown in
   * the fields panel as a notice in its place).
   */
  readonly onFieldIssue?: (issue: FieldIssue) => void;
  /** How long `insert` waits for the new instance to render (default 30,000 ms). */
  readonly insertTimeoutMs?: number;
  /**
   * Why the page cannot hold an instance of a package, or undefined when it can: the page store's
   * `acceptsVariant` (a Strapi page's dynamic zone lists the components it accepts). A refused
   * package stays in the list, says why, and cannot be dragged or inserted.
   */
  readonly accepts?: (packageId: string) => string | undefined;
  /**
   * The sources puck.json's external fields name (`{"type": "external", "source": "media"}`):
   * the Strapi page store's `mediaLibrary` for `media`, say. A field naming a source not given is
   * reported like any field Puck cannot show.
   */
  readonly externalSources?: Readonly<Record<string, ExternalSource>>;
}

/** Puck data and the page it came from. */
export interface PuckAdapter {
  /** Puck's `config`: one component per catalog package, grouped by category. */
  readonly config: Config;
  /** Puck's `overrides`: component list items with `data-package-id` and the preview image. */
  readonly overrides: Partial<Overrides>;
  /** puck.json fields Puck cannot show, as found so far. */
  readonly fieldIssues: readonly FieldIssue[];
  /** A saved page as Puck data; saved props go to Puck as they are (no defaults applied). */
  toPuckData(page: Page): Data;
  /**
   * Puck data back into `page`, each instance keeping the package version it was inserted with;
   * an instance whose insert has not finished (or failed) is left out: nothing half-made is saved.
   */
  toPage(data: Data, page: Page): Page;
  /**
   * What a user's insert does, through Puck's API: appends an instance of `packageId` to the root
   * zone, resolves its data.json defaults, and resolves with its id once it is rendered with them.
   * A failed insert rejects with an SdkError whose `instanceId` names the instance (still on the
   * canvas with its error and a Remove button, never saved).
   */
  insert(api: PuckInsertApi, packageId: string): Promise<string>;
}

/**
 * The Puck adapter (`./sdk/puck`): Puck's config from the catalog at stage 1 (labels, categories,
 * previews), fields from puck.json when an instance is selected, data.json defaults only when an
 * instance is inserted (`resolveData` with the `insert` trigger; load, move, replace keep the
 * saved props), and rendering through the SDK's component loader (whose cache is the only one).
 * The page mapping, the insert and the list item live in files of their own.
 */
export function createPuckAdapter(options: PuckAdapterOptions): PuckAdapter {
  const { client, catalog } = options;
  /** One state machine per instance inserted here: what the canvas shows, what is saved, when insert resolves. */
  const lifecycles = new InstanceLifecycles();
  const mapping = new PageMapping(catalog, lifecycles);
  const fieldIssues: FieldIssue[] = [];
  const report = (issue: FieldIssue) => {
    fieldIssues.push(issue);
    options.onFieldIssue?.(issue);
  };
  /** puck.json fields per package, read again at each selection (a republish shows up). */
  const fields = new Map<string, Promise<Fields>>();
  // The client's component loader keeps the modules: each package renders with its first load.
  const source: ComponentSource = {
    peek: (packageId) => client.peekPackageComponent(packageId),
    load: (packageId, entry) => client.loadPackageComponent(packageId, entry),
  };
  const onRendered = (instanceId: string, props: Record<string, unknown>) => lifecycles.rendered(instanceId, props);
  const onFailed = (instanceId: string, error: unknown) => lifecycles.failed(instanceId, error);

  function fieldsOf(packageId: string, newSelection: boolean): Promise<Fields> {
    let promise = fields.get(packageId);
    if (!promise || newSelection) {
      promise = client
        .getArtifact(packageId, 'puck.json')
        .then((puck) => puckFieldsOf(packageId, puck, report, unsupportedField, options.externalSources));
      fields.set(packageId, promise);
      promise.catch(() => fields.delete(packageId));
    }
    return promise;
  }

  function componentConfig(packageId: string): ComponentConfig {
    const label = catalog.label(packageId);
    return {
      label,
      // Puck asks on each selection (then it passes its default fields as the last ones) and on
      // every change of the selected instance: puck.json is read again at each selection, so the
      // fields follow the host after a republish (one conditional request), not on each keystroke.
      resolveFields: (_data, { fields, lastFields }) => fieldsOf(packageId, lastFields === fields),
      resolveData: async (data, { trigger }) => {
        // Saved page data is the truth: only a new instance gets data.json's defaults.
        if (trigger !== 'insert') return data;
        const instanceId = String(data.props.id);
        lifecycles.start(instanceId);
        try {
          // Entry and defaults (from the prefetch the drag started, when fresh); the component
          // loads meanwhile (a module that fails shows its error in place, and the insert fails).
          const { entry, instance } = await client.newInstance(packageId);
          source.load(packageId, entry).catch(() => {});
          mapping.inserted(instanceId, entry);
          lifecycles.inserted(instanceId, instance.props);
          return { ...data, props: { ...instance.props, id: instanceId } };
        } catch (error) {
          // The instance stays on the canvas with the SDK's error and a Remove button; never saved.
          lifecycles.failed(instanceId, error);
          return data;
        }
      },
      render: ({ id, puck: _puck, editMode: _editMode, ...props }) => (
        <RemoteInstance
          source={source}
          packageId={packageId}
          instanceId={id}
          label={label}
          props={props}
          lifecycles={lifecycles}
          failedInsertAction={<RemoveInstance instanceId={id} />}
          onRendered={onRendered}
          onFailed={onFailed}
        />
      ),
    };
  }

  const components: Record<string, ComponentConfig> = {};
  for (const pkg of catalog.packages) components[pkg.id] = componentConfig(pkg.id);
  const categories: NonNullable<Config['categories']> = {};
  for (const { category, packages } of catalog.categories()) {
    categories[category] = { title: category, components: packages.map((pkg) => pkg.id) };
  }

  const overrides: Partial<Overrides> = {
    drawerItem: ({ children, name }) => (
      <CatalogListItem
        packageId={name}
        label={catalog.label(name)}
        previewImage={catalog.previewImage(name)}
        onIntent={() => client.prefetchInsert(name)}
        refusedBecause={options.accepts?.(name)}
      >
        {children}
      </CatalogListItem>
    ),
  };

  return {
    config: {
      components,
      categories,
      root: {
        fields: { title: { type: 'text', label: 'Page title' } },
        render: ({ children }: { children: ReactNode }) => <PageRoot>{children}</PageRoot>,
      },
    },
    overrides,
    fieldIssues,
    toPuckData: (page) => mapping.toPuckData(page),
    toPage: (data, page) => mapping.toPage(data, page),
    insert: (api, packageId) =>
      insertInstance(api, packageId, {
        catalog,
        lifecycles,
        timeoutMs: options.insertTimeoutMs ?? 30_000,
        accepts: options.accepts,
      }),
  };
}
