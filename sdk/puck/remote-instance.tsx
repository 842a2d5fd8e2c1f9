import {
  Component,
  type ComponentType,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ComponentModule } from '../component-loader.js';
import { SdkError } from '../sdk-error.js';
import type { InstanceLifecycles } from './instance-lifecycles.js';
import type { RenderedVersion } from './instance-source.js';
import { VersionBadge } from './version-badge.js';

/**
 * Loads the component an instance renders with (the adapter's is InstanceSource over the
 * client's component loader, which caches it): by package and the instance's saved version.
 */
export interface ComponentSource {
  /** The module when it is already loaded (renders without a loading frame). */
  peek(packageId: string, savedVersion: string | undefined): ComponentModule | undefined;
  /** Loads (once per package and version) the component an instance saved under `savedVersion` renders with. */
  load(packageId: string, savedVersion: string | undefined): Promise<ComponentModule>;
  /** The version it renders with and the catalog's, once known. */
  renderedVersion(packageId: string, savedVersion: string | undefined): RenderedVersion | undefined;
}

/** Props of {@link RemoteInstance}. */
export interface RemoteInstanceProps {
  /** Where the component module comes from. */
  readonly source: ComponentSource;
  /** The instance's package (`data-package-id`). */
  readonly packageId: string;
  /** The instance's id (`data-instance-id`). */
  readonly instanceId: string;
  /** The package version the instance is saved with (undefined: the catalog's). */
  readonly savedVersion: string | undefined;
  /** The package's label, shown while its component loads. */
  readonly label: string;
  /** The instance's props, given to the component. */
  readonly props: Record<string, unknown>;
  /** The inserted instances' lifecycles: an unfinished or failed insert shows its state, not the component. */
  readonly lifecycles: InstanceLifecycles;
  /**
   * Puck's edit mode (`puck.isEditing`): a link or a form inside the component does not take the
   * editor to another page (its default action is prevented; the click still selects the
   * instance). In interactive mode and outside the editor it behaves as on the site.
   */
  readonly editing?: boolean;
  /** Shown under the error of a failed insert (the adapter's Remove button). */
  readonly failedInsertAction?: ReactNode;
  /** Called after each render of the component, with the props it rendered and the version it rendered with. */
  readonly onRendered: (
    instanceId: string,
    props: Record<string, unknown>,
    version: RenderedVersion | undefined,
  ) => void;
  /** Called when loading or rendering the component fails, with the error. */
  readonly onFailed: (instanceId: string, error: unknown) => void;
}

type LoadState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly module: ComponentModule }
  | { readonly status: 'error'; readonly error: unknown };

/**
 * One instance on the canvas: a frame carrying `data-instance-id` and `data-package-id`, a loading
 * state while the SDK loads the remote module, the component with the instance's props, and the
 * SDK's error (or the component's own render error) in its place when something fails.
 *
 * @param props - The instance, where its component comes from, and what to tell when it renders or fails.
 */
export function RemoteInstance({
  source,
  packageId,
  instanceId,
  savedVersion,
  label,
  props,
  lifecycles,
  editing = false,
  failedInsertAction,
  onRendered,
  onFailed,
}: RemoteInstanceProps) {
  const snapshot = () => lifecycles.get(instanceId);
  const insert = useSyncExternalStore(lifecycles.subscribe, snapshot, snapshot);
  // Until Puck hands over the inserted props, the component is not rendered with fewer.
  const waiting = insert !== undefined && insert.status !== 'failed' && !lifecycles.ready(instanceId, props);
  const [state, setState] = useState<LoadState>(() => {
    const module = source.peek(packageId, savedVersion);
    return module ? { status: 'ready', module } : { status: 'loading' };
  });
  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    source.load(packageId, savedVersion).then(
      (module) => live && setState({ status: 'ready', module }),
      (error: unknown) => {
        if (!live) return;
        setState({ status: 'error', error });
        onFailed(instanceId, error);
      },
    );
    return () => {
      live = false;
    };
  }, [state.status, source, packageId, savedVersion, instanceId, onFailed]);
  const version = state.status === 'ready' ? source.renderedVersion(packageId, savedVersion) : undefined;

  let body: ReactNode;
  if (insert?.status === 'failed') {
    body = (
      <>
        <InstanceError error={insert.error} />
        {failedInsertAction}
      </>
    );
  } else if (state.status === 'loading' || waiting) {
    body = (
      <div role="status" aria-busy="true" style={FRAME_STYLE}>
        Loading {label}…
      </div>
    );
  } else if (state.status === 'error') {
    body = <InstanceError error={state.error} />;
  } else if (typeof state.module.default !== 'function') {
    body = <InstanceError error={new SdkError('module-load', `The module of ${packageId} has no default export`)} />;
  } else {
    const Rendered = state.module.default as ComponentType<Record<string, unknown>>;
    body = (
      <>
        {version !== undefined && savedVersion !== undefined ? (
          <VersionBadge packageId={packageId} savedVersion={savedVersion} rendered={version} />
        ) : null}
        <RenderBoundary resetKey={JSON.stringify(props)} instanceId={instanceId} onFailed={onFailed}>
          <Rendered {...props} />
          <RenderedSignal instanceId={instanceId} props={props} version={version} onRendered={onRendered} />
        </RenderBoundary>
      </>
    );
  }
  return (
    <div
      data-instance-id={instanceId}
      data-package-id={packageId}
      data-version={version?.version}
      data-state={insert?.status === 'failed' ? 'error' : waiting ? 'loading' : state.status}
      onClickCapture={editing ? stayOnLinkClick : undefined}
      onSubmitCapture={editing ? stayOnSubmit : undefined}
    >
      {body}
    </div>
  );
}

/**
 * In edit mode a click on a link (next/link or a plain <a>, a keyboard Enter included) keeps the
 * editor where it is: prevented before the link's own handler runs, which then does nothing
 * (next/link skips a click whose default is prevented).
 */
function stayOnLinkClick(event: MouseEvent<HTMLDivElement>) {
  if (event.target instanceof Element && event.target.closest('a[href], area[href]') !== null) event.preventDefault();
}

/** In edit mode a form's submit keeps the editor where it is too. */
function stayOnSubmit(event: FormEvent<HTMLDivElement>) {
  event.preventDefault();
}

const FRAME_STYLE = { padding: 16, font: '14px system-ui, sans-serif', color: '#475569' } as const;

function InstanceError({ error }: { readonly error: unknown }) {
  const code = error instanceof SdkError ? error.code : 'render-error';
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" data-error-code={code} style={{ ...FRAME_STYLE, color: '#b91c1c', background: '#fef2f2' }}>
      {message}
    </div>
  );
}

/** Reports each commit of the rendered component with its props and version. */
function RenderedSignal(props: {
  readonly instanceId: string;
  readonly props: Record<string, unknown>;
  readonly version: RenderedVersion | undefined;
  readonly onRendered: RemoteInstanceProps['onRendered'];
}) {
  useEffect(() => props.onRendered(props.instanceId, props.props, props.version));
  return null;
}

interface BoundaryProps {
  readonly resetKey: string;
  readonly instanceId: string;
  readonly onFailed: (instanceId: string, error: unknown) => void;
  readonly children: ReactNode;
}

/** Catches the remote component's render errors; new props give it another try. */
class RenderBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('render failed') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    this.props.onFailed(this.props.instanceId, error);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const message = this.state.error instanceof Error ? this.state.error.message : String(this.state.error);
    return <InstanceError error={new Error(`The component failed to render: ${message}`)} />;
  }
}
