/** Where an insert of one instance stands while it is not finished. */
export type InsertState =
  | { readonly status: 'inserting' }
  /** data.json came; Puck has yet to hand the instance these props (JSON text). */
  | { readonly status: 'inserted'; readonly props: string }
  | { readonly status: 'failed'; readonly error: unknown };

/**
 * The inserts the adapter has not finished: their data.json props are on the way, or could not be
 * had. The canvas shows such an instance loading or failed (never the component without its
 * props), and the page never saves it. Subscribable, for React's useSyncExternalStore.
 */
export class InsertStates {
  readonly #states = new Map<string, InsertState>();
  readonly #listeners = new Set<() => void>();

  get(instanceId: string): InsertState | undefined {
    return this.#states.get(instanceId);
  }

  /**
   * Whether the instance, with `props` as Puck holds them now, is not finished: inserting, failed,
   * or inserted but not yet with its inserted props.
   */
  unfinished(instanceId: string, props: unknown): boolean {
    const state = this.#states.get(instanceId);
    if (state === undefined) return false;
    return state.status !== 'inserted' || state.props !== JSON.stringify(props);
  }

  start(instanceId: string): void {
    this.#set(instanceId, { status: 'inserting' });
  }

  inserted(instanceId: string, props: unknown): void {
    this.#set(instanceId, { status: 'inserted', props: JSON.stringify(props) });
  }

  fail(instanceId: string, error: unknown): void {
    this.#set(instanceId, { status: 'failed', error });
  }

  /** The instance is on the canvas with its inserted props: nothing left to track. */
  finish(instanceId: string): void {
    if (this.#states.delete(instanceId)) this.#notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(instanceId: string, state: InsertState): void {
    this.#states.set(instanceId, state);
    this.#notify();
  }

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }
}
