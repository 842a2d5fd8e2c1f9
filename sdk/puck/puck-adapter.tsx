import type { ComponentConfig, Config, Data, Fields, Overrides, PuckAction } from '@puckeditor/core';
import type { ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import type { CatalogClient } from '../catalog-client.js';
import type { CatalogView } from '../catalog-view.js';
import { newInstanceId } from '../component-instance.js';
import type { ComponentModule } from '../component-loader.js';
import { SdkError } from '../sdk-error.js';
import { InstanceLifecycles } from './instance-lifecycles.js';
import { PageRoot } from './page-root.js';
import { type FieldIssue, puckFieldsOf } from './puck-fields.js';
import { type ComponentSource, RemoteInstance } from './remote-instance.js';
import { RemoveInstance } from './remove-instance.js';

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
   * A failed insert rejects with an SdkError whose `instanceId` names the instance (still on the
   * canvas with its error and a Remove button, never saved).
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
  /** One state machine per instance inserted here: what the canvas shows, what is saved, when insert resolves. */
  const lifecycles = new InstanceLifecycles();
  const fieldIssues: FieldIssue[] = [];
  const report = (issue: FieldIssue) => {
    fieldIssues.push(issue);
    options.onFieldIssue?.(issue);
  };
  /** Package coordinates of each instance: from the saved page, or from the entry it was inserted with. */
  const coordinates = new Map<string, { package: string; version: string }>();
  /** puck.json fields per package, read again at each selection (a republish shows up). */
  const fields = new Map<string, Promise<Fields>>();
  const modules = new Map<string, ComponentModule>();
  const loading = new Map<string, Promise<ComponentModule>>();

  const source: ComponentSource = {
    peek: (packageId) => modules.get(packageId),
    load(packageId, knownEntry) {
      let promise = loading.get(packageId);
      if (!promise) {
        const entry = knownEntry === undefined ? client.getEntry(packageId) : Promise.resolve(knownEntry);
        promise = entry.then((found) => client.loadComponent(found));
        loading.set(packageId, promise);
        promise.then(
          (module) => modules.set(packageId, module),
          () => loading.delete(packageId), // a failed load may succeed later (back online)
        );
      }
      return promise;
    },
  };
  const onRendered = (instanceId: string, props: Record<string, unknown>) => lifecycles.rendered(instanceId, props);
  const onFailed = (instanceId: string, error: unknown) => lifecycles.failed(instanceId, error);

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
          coordinates.set(instanceId, { package: entry.package, version: entry.version });
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
        if (!lifecycles.saveable(id, props)) continue;
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
        lifecycles.whenRendered(id),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new SdkError('insert-timeout', `${packageId} was not rendered within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      lifecycles.start(id); // unfinished from the first moment Puck has it
      api.dispatch({
        type: 'insert',
        componentType: packageId,
        destinationIndex: api.appState.data.content.length,
        destinationZone: ROOT_ZONE,
        id,
      });
      api.resolveDataById(id, 'insert');
      try {
        await rendered;
      } catch (error) {
        throw insertError(error, id);
      }
      return id;
    },
  };
}

/** A failed insert as the SdkError `insert` rejects with: the cause's code, and the instance id. */
function insertError(error: unknown, instanceId: string): SdkError {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof SdkError)) return new SdkError('render-failed', message, { cause: error, instanceId });
  return new SdkError(error.code, message, {
    cause: error,
    instanceId,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.missing === undefined ? {} : { missing: error.missing }),
  });
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
  /** The pointer rests on the item or a drag starts: what an insert needs starts loading. */
  readonly onIntent: () => void;
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
    <div ref={element} title={props.label} onPointerEnter={props.onIntent} onPointerDown={props.onIntent}>
      {props.previewImage && (
        <img
          src={props.previewImage}
          alt=""
          width={160}
          height={90}
          style={{
            display: 'block',
            width: '100%',
            height: 64,
            objectFit: 'contain',
            background: '#f8fafc',
            borderRadius: 6,
            marginBottom: 4,
          }}
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
