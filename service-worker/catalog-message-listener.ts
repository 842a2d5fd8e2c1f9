import type { WorkerReply, WorkerRequest } from '@runtime-component-catalog/contracts';

/** The part of an ExtendableMessageEvent the listener reads (also what its Node test builds). */
export interface CatalogMessageEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
  waitUntil(promise: Promise<unknown>): void;
}

/** Every request type of contracts/worker-protocol.ts; the compiler fails here when one is added. */
const REQUEST_TYPES: Readonly<Record<WorkerRequest['type'], true>> = {
  'mirror-status': true,
  'clear-mirror': true,
  'mirror-app-shell': true,
};

/**
 * Whether a message is a question of the catalog protocol (contracts/worker-protocol.ts). In a
 * worker of another's, the other messages are that worker's (workbox-window's
 * `{type: 'SKIP_WAITING'}`, a `CACHE_URLS`): the catalog never answers them.
 */
export function isCatalogRequest(data: unknown): data is WorkerRequest {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { readonly type?: unknown };
  if (typeof type !== 'string' || !Object.hasOwn(REQUEST_TYPES, type)) return false;
  if (type !== 'mirror-app-shell') return true;
  const { document, resources } = data as { readonly document?: unknown; readonly resources?: unknown };
  return typeof document === 'string' && Array.isArray(resources) && resources.every((r) => typeof r === 'string');
}

/**
 * The worker's `message` listener: a catalog question with a reply port is answered on that port
 * (the worker kept alive until then); anything else is left alone. Returns whether it answers.
 */
export function catalogMessageListener(
  answer: (request: WorkerRequest) => Promise<WorkerReply>,
): (event: CatalogMessageEvent) => boolean {
  return function onCatalogMessage(event) {
    const port = event.ports[0];
    if (port === undefined || !isCatalogRequest(event.data)) return false;
    event.waitUntil(answer(event.data).then((reply) => port.postMessage(reply)));
    return true;
  };
}
