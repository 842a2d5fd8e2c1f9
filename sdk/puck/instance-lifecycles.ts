/**
 * Where one instance inserted in this editor stands. Instances loaded from the saved page have
 * none: they are whole from the start.
 *
 *   inserting ──data.json──▶ awaiting-props ──rendered with them──▶ settled
 *       │                          │
 *       └────── failure ──────▶ failed ◀── module load or render failure (before settled)
 */
export type InstanceLifecycle =
  /** Its data.json defaults are on the way. */
  | { readonly status: 'inserting' }
  /** The defaults came (`props`, as JSON text); Puck has yet to hand the instance these props. */
  | { readonly status: 'awaiting-props'; readonly props: string }
  /** The insert could not be made (no defaults, no component): shown with its error, never saved. */
  | { readonly status: 'failed'; readonly error: unknown }
  /** On the canvas with its inserted props; `withProps`: the defaults were not empty. */
  | { readonly status: 'settled'; readonly withProps: boolean };

interface Waiter {
  readonly promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * The one state machine per inserted instance (the Puck adapter's insert bookkeeping): what the
 * canvas shows for it (loading, its error, or the component), whether the page may save it, and
 * when `insert()` resolves (its first render with the inserted props). Subscribable, for React's
 * useSyncExternalStore.
 */
export class InstanceLifecycles {
  readonly #states = new Map<string, InstanceLifecycle>();
  readonly #waiters = new Map<string, Waiter>();
  readonly #listeners = new Set<() => void>();

  /** The instance's lifecycle (undefined: loaded from the page, or never inserted here). */
  get(instanceId: string): InstanceLifecycle | undefined {
    return this.#states.get(instanceId);
  }

  /** The insert of `instanceId` started: its defaults are being read. */
  start(instanceId: string): void {
    this.#set(instanceId, { status: 'inserting' });
  }

  /** The insert produced `props` (data.json's defaults). */
  inserted(instanceId: string, props: Record<string, unknown>): void {
    this.#set(instanceId, { status: 'awaiting-props', props: JSON.stringify(props) });
  }

  /** The insert, the module or the render failed; an instance already settled stays saveable. */
  failed(instanceId: string, error: unknown): void {
    const state = this.#states.get(instanceId);
    if (state?.status !== 'settled') this.#set(instanceId, { status: 'failed', error });
    this.#settleWaiter(instanceId, error);
  }

  /** The instance rendered with `props`: settles it when they are its inserted props. */
  rendered(instanceId: string, props: Record<string, unknown>): void {
    const state = this.#states.get(instanceId);
    if (state?.status !== 'awaiting-props' || state.props !== JSON.stringify(props)) return;
    this.#set(instanceId, { status: 'settled', withProps: Object.keys(props).length > 0 });
    this.#settleWaiter(instanceId);
  }

  /** Whether the component may be shown with `props`: not while its insert is unfinished or failed. */
  ready(instanceId: string, props: Record<string, unknown>): boolean {
    const state = this.#states.get(instanceId);
    if (state === undefined || state.status === 'settled') return true;
    return state.status === 'awaiting-props' && state.props === JSON.stringify(props);
  }

  /**
   * Whether the page may save the instance with `props`: never before its insert settled (neither
   * bare nor with `{}`), and never as the bare first step Puck records for an insert (an undo to
   * it leaves the instance without the defaults it was inserted with).
   */
  saveable(instanceId: string, props: Record<string, unknown>): boolean {
    const state = this.#states.get(instanceId);
    if (state === undefined) return true;
    if (state.status === 'settled') return !(state.withProps && Object.keys(props).length === 0);
    return state.status === 'awaiting-props' && state.props === JSON.stringify(props);
  }

  /** Resolves at the instance's first render with its inserted props; rejects when it fails. */
  whenRendered(instanceId: string): Promise<void> {
    const existing = this.#waiters.get(instanceId);
    if (existing) return existing.promise;
    const state = this.#states.get(instanceId);
    if (state?.status === 'settled') return Promise.resolve();
    if (state?.status === 'failed') return Promise.reject(state.error);
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    this.#waiters.set(instanceId, { promise, resolve, reject });
    return promise;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #settleWaiter(instanceId: string, error?: unknown): void {
    const waiter = this.#waiters.get(instanceId);
    if (waiter === undefined) return;
    this.#waiters.delete(instanceId);
    if (error === undefined) waiter.resolve();
    else waiter.reject(error);
  }

  #set(instanceId: string, state: InstanceLifecycle): void {
    this.#states.set(instanceId, state);
    for (const listener of this.#listeners) listener();
  }
}
