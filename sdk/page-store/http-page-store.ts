import type { Page } from '@runtime-component-catalog/contracts';
import { type FetchLike, pageFetch, readJson, request } from '../internal/request.js';
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
 * Every call goes through the SDK's one `request()`: other failures are its SdkErrors.
 */
export function createHttpPageStore(options: HttpPageStoreOptions): PageStore {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? pageFetch;
  const channel = new PageStoreChannel(`runtime-catalog.pages:${base}`);
  const pagePath = (id: string) => `${base}/pages/${encodeURIComponent(id)}`;

  return {
    deviceKey: `http:${base}`,
    async list(): Promise<PageSummary[]> {
      const response = await request(fetchImpl, `${base}/pages`, { what: 'Listing pages' });
      return (await readJson<{ pages: PageSummary[] }>(response, 'Listing pages')).pages;
    },
    async get(id) {
      const what = `Reading page ${id}`;
      const response = await request(fetchImpl, pagePath(id), { what, answers: [404] });
      return response.status === 404 ? undefined : readJson<Page>(response, what);
    },
    async save(page) {
      const what = `Saving page ${page.id}`;
      const response = await request(fetchImpl, pagePath(page.id), { method: 'PUT', body: page, what, answers: [409] });
      if (response.status === 409) {
        const { revision } = await readJson<{ revision: number }>(response, what);
        throw conflict(page.id, page.revision, revision);
      }
      const saved = await readJson<Page>(response, what);
      channel.post({ type: 'saved', id: saved.id, revision: saved.revision });
      return saved;
    },
    async delete(id, revision) {
      const what = `Deleting page ${id}`;
      const url = `${pagePath(id)}?revision=${revision}`;
      const response = await request(fetchImpl, url, { method: 'DELETE', what, answers: [409] });
      if (response.status === 409) {
        const { revision: current } = await readJson<{ revision: number }>(response, what);
        throw conflict(id, revision, current);
      }
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
