import type { ComponentConfig, Config, Data, Fields, Overrides, PuckAction } from '@puckeditor/core';
import type { CatalogEntry, ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import type { CatalogClient } from '../catalog-client.js';
import type { CatalogView } from '../catalog-view.js';
import { newInstanceId } from '../component-instance.js';
import type { ComponentModule } from '../component-loader.js';
import { SdkError } from '../sdk-error.js';
import { InsertStates } from './insert-states.js';
import { type FieldIssue, puckFieldsOf } from './puck-fields.js';
import { type ComponentSource, RemoteInstance } from './remote-instance.js';
import { RemoveInstance } from './remove-instance.js';
import { RenderTracker } from './render-tracker.js';

/** Puck's root zone: where inserts from the component list land. */
export const ROOT_ZONE = 'root:default-zone';

/** Options of {@link createPuckAdapter}. */
export interface PuckAdapterOptions {
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
}

/** The part of Puck's API (`usePuck()`/`useGetPuck()()`) that an insert uses. */
export interface PuckInsertApi {
  readonly appState: { readonly data: Data };
  dispatch(action: PuckAction): void;
  resolveDataById(id: string, trigger?: 'insert'): void;
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
   */
  insert(api: PuckInsertApi, packageId: string): Promise<string>;
}

/**
 * The Puck adapter (`./sdk/puck`): Puck's config from the catalog at stage 1 (labels, categories,
 * previews), fields from puck.json when an instance is selected, data.json defaults only when an
 * instance is inserted (`resolveData` with the `insert` trigger; load, move, replace keep the
 * saved props), and rendering through the SDK's component loader.
 */
export function createPuckAdapter(options: PuckAdapterOptions): PuckAdapter {
  const { client, catalog } = options;
  const tracker = new RenderTracker();
  const fieldIssues: FieldIssue[] = [];
  const report = (issue: FieldIssue) => {
    fieldIssues.push(issue);
    options.onFieldIssue?.(issue);
  };
  /** Package coordinates of each instance: from the saved page, or from the entry it was inserted with. */
  const coordinates = new Map<string, { package: string; version: string }>();
  /** Instances whose insert has not produced their data.json props (in flight or failed): not saved. */
  const inserts = new InsertStates();
  /**
   * Instances inserted here with data.json props. Puck records an insert as two history steps
   * (the bare instance, then its props): an undo of the second must not save a bare instance.
   */
  const insertedWithProps = new Set<string>();
  /** puck.json fields per package, read again at each new selection (a republish shows up). */
  const fields = new Map<string, Promise<Fields>>();
  const modules = new Map<string, ComponentModule>();
  const loading = new Map<string, Promise<ComponentModule>>();

  const source: ComponentSource = {
    peek: (packageId) => modules.get(packageId),
    load(packageId) {
      let promise = loading.get(packageId);
      if (!promise) {
        promise = client.getEntry(packageId).then((entry: CatalogEntry) => client.loadComponent(entry));
        loading.set(packageId, promise);
        promise.then(
          (module) => modules.set(packageId, module),
          () => loading.delete(packageId), // a failed load may succeed later (back online)
        );
      }
      return promise;
    },
  };
  const onRendered = (instanceId: string, props: Record<string, unknown>) => tracker.rendered(instanceId, props);
  const onFailed = (instanceId: string, error: unknown) => tracker.failed(instanceId, error);

  function fieldsOf(packageId: string, newSelection: boolean): Promise<Fields> {
    let promise = fields.get(packageId);
    if (!promise || newSelection) {
      promise = client
        .getArtifact(packageId, 'puck.json')
        .then((puck) => puckFieldsOf(packageId, puck, report, unsupportedField));
      fields.set(packageId, promise);
      promise.catch(() => fields.delete(packageId));
    }
    return promise;
  }

  function componentConfig(packageId: string): ComponentConfig {
    const label = catalog.label(packageId);
    return {
      label,
      // Puck asks again on every change of the selected instance; puck.json is read again only
      // when another instance is selected.
      resolveFields: (data, { lastData }) => fieldsOf(packageId, lastData?.props.id !== data.props.id),
      resolveData: async (data, { trigger }) => {
        // Saved page data is the truth: only a new instance gets data.json's defaults.
        if (trigger !== 'insert') return data;
        const instanceId = String(data.props.id);
        inserts.start(instanceId);
        try {
          const entry = await client.getEntry(packageId);
          const instance = await client.createInstance(entry);
          coordinates.set(instanceId, { package: entry.package, version: entry.version });
          tracker.inserted(instanceId, instance.props);
          inserts.inserted(instanceId, instance.props);
          if (Object.keys(instance.props).length > 0) insertedWithProps.add(instanceId);
          return { ...data, props: { ...instance.props, id: instanceId } };
        } catch (error) {
          // The instance stays on the canvas with the SDK's error and a Remove button; never saved.
          inserts.fail(instanceId, error);
          tracker.failed(instanceId, error);
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
          inserts={inserts}
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
      <CatalogListItem packageId={name} label={catalog.label(name)} previewImage={catalog.previewImage(name)}>
        {children}
      </CatalogListItem>
    ),
  };

  return {
    config: { components, categories, root: { fields: { title: { type: 'text', label: 'Page title' } } } },
    overrides,
    fieldIssues,
    toPuckData(page) {
      for (const instance of page.content) {
        coordinates.set(instance.id, { package: instance.package, version: instance.version });
      }
      return {
        root: { props: { title: page.title } },
        content: page.content.map((instance) => ({
          type: instance.packageId,
          props: { ...structuredClone(instance.props), id: instance.id },
        })),
      };
    },
    toPage(data, page) {
      const content: ComponentInstance[] = [];
      for (const item of data.content) {
        const { id, ...props } = item.props as Record<string, unknown> & { id: string };
        if (inserts.unfinished(id, props)) continue;
        if (Object.keys(props).length === 0 && insertedWithProps.has(id)) continue;
        const known = coordinates.get(id) ?? catalog.resolve(item.type);
        content.push({ id, packageId: item.type, package: known.package, version: known.version, props });
      }
      const title = (data.root.props as { title?: unknown } | undefined)?.title;
      return { ...page, title: typeof title === 'string' ? title : page.title, content };
    },
    async insert(api, packageId) {
      catalog.package(packageId); // unknown-package before anything changes
      const id = `${packageId}-${newInstanceId()}`;
      const timeoutMs = options.insertTimeoutMs ?? 30_000;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const rendered = Promise.race([
        tracker.expect(id),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new SdkError('insert-timeout', `${packageId} was not rendered within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      api.dispatch({
        type: 'insert',
        componentType: packageId,
        destinationIndex: api.appState.data.content.length,
        destinationZone: ROOT_ZONE,
        id,
      });
      api.resolveDataById(id, 'insert');
      await rendered;
      return id;
    },
  };
}

/**
 * One item of Puck's component list: the preview image over Puck's own item. Puck renders each
 * item twice (the draggable one and a hidden copy that stays in place while dragging); only the
 * draggable one carries `data-package-id`, so the hook names exactly one element per package.
 */
function CatalogListItem(props: {
  readonly packageId: string;
  readonly label: string;
  readonly previewImage: string | undefined;
  readonly children: ReactNode;
}) {
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const item = element.current;
    if (item?.parentElement?.getAttribute('data-testid') === `drawer-item:${props.packageId}`) {
      item.setAttribute('data-package-id', props.packageId);
    }
  }, [props.packageId]);
  return (
    <div ref={element} title={props.label}>
      {props.previewImage && (
        <img
          src={props.previewImage}
          alt=""
          width={160}
          height={90}
          style={{ display: 'block', width: '100%', height: 64, objectFit: 'cover', borderRadius: 6, marginBottom: 4 }}
        />
      )}
      {props.children}
    </div>
  );
}

function unsupportedField(issue: FieldIssue) {
  return {
    type: 'custom' as const,
    label: issue.path,
    render: () => (
      <p role="alert" data-field-issue={issue.path} style={{ color: '#b91c1c', margin: 0 }}>
        {issue.message}
      </p>
    ),
  };
}
