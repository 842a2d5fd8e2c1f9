import type { ComponentConfig, Config, Data, Fields, Overrides } from '@puckeditor/core';
import type { Page } from '@runtime-component-catalog/contracts';
import type { ReactNode } from 'react';
import type { CatalogClient } from '../catalog-client.js';
import type { CatalogView } from '../catalog-view.js';
import type { ExternalSource } from '../external-source.js';
import { CatalogListItem } from './catalog-list-item.js';
import { insertInstance, type PuckInsertApi } from './insert-instance.js';
import { InstanceLifecycles } from './instance-lifecycles.js';
import { InstanceSource } from './instance-source.js';
import {
  applyInstanceUpgrade,
  applyPageUpgrade,
  type InstanceUpgrade,
  type PuckUpgradeApi,
  planInstanceUpgrade,
  planPageInstancesUpgrade,
} from './instance-upgrade.js';
import { instanceVersionField } from './instance-version-field.js';
import { PageMapping } from './page-mapping.js';
import { PageRoot } from './page-root.js';
import { pageVersionsField } from './page-versions-field.js';
import { type FieldIssue, puckFieldsOf } from './puck-fields.js';
import { RemoteInstance } from './remote-instance.js';
import { RemoveInstance } from './remove-instance.js';
import { unsupportedField } from './unsupported-field.js';
import { savedVersionOf, VERSION_PROP } from './version-prop.js';

/** The fields panel's notice when puck.json cannot be read (its value is unused). */
const FIELDS_NOTICE = '@catalog/fields';

/** The page's root field listing the instances behind their catalog version (its value is unused). */
const PAGE_VERSIONS_FIELD = '@catalog/versions';

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
  /**
   * The package version instance `instanceId` was last rendered with (its catalog entry's, or its
   * own saved version's for an instance of another major: docs/sdk-versions.md); undefined
   * before its first render.
   */
  versionOf(instanceId: string): string | undefined;
  /**
   * Plans the upgrade of an instance to its package's catalog version (its migrations run on a
   * copy) without applying it: what the preview shows. SdkError `migration-missing`,
   * `migration-failed` or `invalid-version` when it cannot be made.
   */
  planUpgrade(api: PuckUpgradeApi, instanceId: string): Promise<InstanceUpgrade>;
  /**
   * Upgrades an instance (what accepting the preview does): plans it, then applies it as one
   * Puck change, so one save and one new revision, which Puck's undo reverts. Resolves with what
   * was applied; a failing plan rejects and changes nothing.
   */
  upgrade(api: PuckUpgradeApi, instanceId: string): Promise<InstanceUpgrade>;
  /** Upgrades every instance of the page behind its catalog version as one change (all or nothing). */
  upgradePage(api: PuckUpgradeApi): Promise<readonly InstanceUpgrade[]>;
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
  // Which component (catalog entry, or an instance's own version) each instance renders with.
  const source = new InstanceSource(client);
  const mapping = new PageMapping(catalog, lifecycles, (packageId) => client.packageEntry(packageId)?.version);
  /** The version each instance last rendered with (`versionOf`). */
  const renderedVersions = new Map<string, string>();
  const fieldIssues: FieldIssue[] = [];
  const report = (issue: FieldIssue) => {
    fieldIssues.push(issue);
    options.onFieldIssue?.(issue);
  };
  /** puck.json fields per package (and per own version), read again at each selection (a republish shows up). */
  const fields = new Map<string, Promise<Fields>>();
  const onRendered: RemoteInstanceRendered = (instanceId, props, version) => {
    if (version !== undefined) renderedVersions.set(instanceId, version.version);
    lifecycles.rendered(instanceId, props);
  };
  const onFailed = (instanceId: string, error: unknown) => lifecycles.failed(instanceId, error);

  /** The fields of the version an instance saved under `savedVersion` is edited with: never another major's. */
  async function fieldsOf(packageId: string, savedVersion: string | undefined, newSelection: boolean): Promise<Fields> {
    await source.catalogEntry(packageId);
    const rendered = source.renderedVersion(packageId, savedVersion);
    const own = rendered?.own === true ? rendered.version : undefined;
    const key = own === undefined ? packageId : `${packageId}@${own}`;
    let promise = fields.get(key);
    if (!promise || newSelection) {
      promise = client
        .getArtifact(packageId, 'puck.json', own)
        .then((puck) => puckFieldsOf(packageId, puck, report, unsupportedField, options.externalSources));
      fields.set(key, promise);
      promise.catch(() => fields.delete(key));
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
      resolveFields: async (data, { fields, lastFields }) => {
        const props = data.props as Record<string, unknown>;
        const version = { [VERSION_PROP]: instanceVersionField(source, packageId, String(props.id)) };
        try {
          return { ...version, ...(await fieldsOf(packageId, savedVersionOf(props), lastFields === fields)) };
        } catch (error) {
          // puck.json cannot be read (offline, never read before): say so in the panel, not as a page error.
          const message = `The fields of ${label} cannot be read now: ${error instanceof Error ? error.message : String(error)}`;
          return {
            ...version,
            [FIELDS_NOTICE]: unsupportedField({ packageId, path: 'fields', type: undefined, message }),
          };
        }
      },
      resolveData: async (data, { trigger }) => {
        // Saved page data is the truth: only a new instance gets data.json's defaults.
        if (trigger !== 'insert') return data;
        const instanceId = String(data.props.id);
        lifecycles.start(instanceId);
        try {
          // Entry and defaults (from the prefetch the drag started, when fresh); the component
          // loads meanwhile (a module that fails shows its error in place, and the insert fails).
          const { entry, instance } = await client.newInstance(packageId);
          source.load(packageId, entry.version, entry).catch(() => {});
          mapping.inserted(instanceId, entry);
          lifecycles.inserted(instanceId, instance.props);
          return { ...data, props: { ...instance.props, id: instanceId, [VERSION_PROP]: entry.version } };
        } catch (error) {
          // The instance stays on the canvas with the SDK's error and a Remove button; never saved.
          lifecycles.failed(instanceId, error);
          return data;
        }
      },
      render: ({ id, puck, editMode: _editMode, [VERSION_PROP]: saved, ...props }) => (
        <RemoteInstance
          key={typeof saved === 'string' ? saved : ''}
          source={source}
          packageId={packageId}
          instanceId={id}
          savedVersion={typeof saved === 'string' ? saved : undefined}
          label={label}
          props={props}
          lifecycles={lifecycles}
          editing={puck?.isEditing === true}
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
        fields: { title: { type: 'text', label: 'Page title' }, [PAGE_VERSIONS_FIELD]: pageVersionsField(source) },
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
    versionOf: (instanceId) => renderedVersions.get(instanceId),
    planUpgrade: (api, instanceId) => planInstanceUpgrade(source, api.appState.data, instanceId),
    async upgrade(api, instanceId) {
      const upgrade = await planInstanceUpgrade(source, api.appState.data, instanceId);
      applyInstanceUpgrade(api, upgrade);
      return upgrade;
    },
    async upgradePage(api) {
      const upgrades = await planPageInstancesUpgrade(source, api.appState.data);
      if (upgrades.length > 0) applyPageUpgrade(api, upgrades);
      return upgrades;
    },
  };
}

type RemoteInstanceRendered = Parameters<typeof RemoteInstance>[0]['onRendered'];
