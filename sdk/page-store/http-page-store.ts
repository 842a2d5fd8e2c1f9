import type { Page } from '@runtime-component-catalog/contracts';
import { errorFromResponse, type FetchLike } from '../host-client.js';
import { SdkError } from '../sdk-error.js';
import { conflict, type PageStore, type PageStoreEvent, type PageSummary } from './page-store.js';
import { PageStoreChannel } from './page-store-channel.js';

/** Options of {@link createHttpPageStore}. */
export interface HttpPageStoreOptions {
  /** The CMS page endpoint (`https://cms.example/api`): `/pages` and `/pages/:id` below it. */
  readonly baseUrl: string;
  /** Default: the page's `fetch`. */
  readonly fetch?: FetchLike;
}

/**
 * A page store over a CMS's HTTP endpoint (the contract of testing/origins/reference-cms.ts):
 * the server checks revisions and answers 409 to a stale save, which becomes `store-conflict`.
 */
export function createHttpPageStore(options: HttpPageStoreOptions): PageStore {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const channel = new PageStoreChannel(`runtime-catalog.pages:${base}`);

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const url = `${base}${path}`;
    try {
      return await fetchImpl(url, {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new SdkError('network', `Network error: ${method} ${url}`, { cause: error });
    }
  }

  const pagePath = (id: string) => `/pages/${encodeURIComponent(id)}`;
  return {
    async list(): Promise<PageSummary[]> {
      const response = await call('GET', '/pages');
      if (!response.ok) throw await errorFromResponse(response, 'Listing pages');
      return ((await response.json()) as { pages: PageSummary[] }).pages;
    },
    async get(id) {
      const response = await call('GET', pagePath(id));
      if (response.status === 404) return undefined;
      if (!response.ok) throw await errorFromResponse(response, `Reading page ${id}`);
      return (await response.json()) as Page;
    },
    async save(page) {
      const response = await call('PUT', pagePath(page.id), page);
      if (response.status === 409) {
        const { revision } = (await response.json()) as { revision: number };
        throw conflict(page.id, page.revision, revision);
      }
      if (!response.ok) throw await errorFromResponse(response, `Saving page ${page.id}`);
      const saved = (await response.json()) as Page;
      channel.post({ type: 'saved', id: saved.id, revision: saved.revision });
      return saved;
    },
    async delete(id, revision) {
      const response = await call('DELETE', `${pagePath(id)}?revision=${revision}`);
      if (response.status === 409) {
        const { revision: current } = (await response.json()) as { revision: number };
        throw conflict(id, revision, current);
      }
      if (!response.ok) throw await errorFromResponse(response, `Deleting page ${id}`);
      channel.post({ type: 'deleted', id });
    },
    subscribe(listener: (event: PageStoreEvent) => void) {
      return channel.subscribe(listener);
    },
    close() {
      channel.close();
    },
  };
}
