import { MIRROR_HEADER } from '@runtime-component-catalog/contracts';
import type { FetchLike } from '../../sdk/index.js';

/** Where the editor's last catalog answer came from. */
export type ContentSource = 'host' | 'mirror' | 'none';

/**
 * Wraps the page's fetch for the SDK and records whether each answer came from the host or from
 * the service worker's mirror (the worker marks those with `x-catalog-mirror`).
 */
export function trackContentSource(fetchImpl: FetchLike = globalThis.fetch.bind(globalThis)) {
  let last: ContentSource = 'none';
  const listeners = new Set<(source: ContentSource) => void>();
  const fetch: FetchLike = async (input, init) => {
    const response = await fetchImpl(input, init);
    const next: ContentSource = response.headers.has(MIRROR_HEADER) ? 'mirror' : 'host';
    if (next !== last) {
      last = next;
      for (const listener of listeners) listener(next);
    }
    return response;
  };
  return {
    fetch,
    current: () => last,
    subscribe(listener: (source: ContentSource) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ContentSourceTracker = ReturnType<typeof trackContentSource>;
