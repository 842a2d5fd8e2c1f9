/**
 * Tells when an inserted instance is on the canvas with its inserted props: the insert's
 * resolveData records the props it produced, the rendered component reports each render, and the
 * waiter resolves at the first render with those props (or rejects when loading failed).
 */
export class RenderTracker {
  readonly #pending = new Map<
    string,
    { expected?: string; resolve: () => void; reject: (error: unknown) => void; promise: Promise<void> }
  >();

  /** A promise for `instanceId`'s first render with its inserted props. */
  expect(instanceId: string): Promise<void> {
    const existing = this.#pending.get(instanceId);
    if (existing) return existing.promise;
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    this.#pending.set(instanceId, { resolve, reject, promise });
    return promise;
  }

  /** The insert of `instanceId` produced `props`. */
  inserted(instanceId: string, props: unknown): void {
    const pending = this.#pending.get(instanceId);
    if (pending) pending.expected = JSON.stringify(props);
  }

  /** `instanceId` rendered with `props`. */
  rendered(instanceId: string, props: unknown): void {
    const pending = this.#pending.get(instanceId);
    if (pending?.expected === undefined || pending.expected !== JSON.stringify(props)) return;
    this.#pending.delete(instanceId);
    pending.resolve();
  }

  /** `instanceId` could not be inserted or loaded. */
  failed(instanceId: string, error: unknown): void {
    const pending = this.#pending.get(instanceId);
    if (!pending) return;
    this.#pending.delete(instanceId);
    pending.reject(error);
  }
}
