import type { Page } from '@runtime-component-catalog/contracts';
import type { ExternalSource } from '../external-source.js';
import { type FetchLike, pageFetch, request } from '../internal/request.js';
import { conflict, type PageStore, type PageStoreEvent, type PageSummary } from '../page-store/page-store.js';
import { PageStoreChannel } from '../page-store/page-store-channel.js';
import { SdkError } from '../sdk-error.js';
import { KeptValues } from './kept-values.js';
import {
  blockComponentOf,
  documentOfPage,
  type PageMapping,
  pageOfDocument,
  type VariantResolver,
} from './page-document.js';
import { bracketQuery, pagePopulate } from './populate-query.js';
import { pageCollectionOf, type StrapiSchema } from './strapi-schema.js';
import type { VersionAttributesByKey } from './version-attributes.js';

/** Options of {@link createStrapiPageStore}. */
export interface StrapiPageStoreOptions {
  /** Strapi's origin (`https://cms.example`); the REST API is below its `/api`. */
  readonly url: string;
  /** `generated/registries/strapi-schema.json` of the schema package (docs/strapi-pages.md). */
  readonly schema: StrapiSchema;
  /** The page collection: its singular name or uid. Default `page`. */
  readonly collection?: string;
  /**
   * An API token or a users-permissions JWT, asked for before every request (so it can be
   * refreshed) and sent as `Authorization: Bearer`. Never part of an error message.
   */
  readonly token?: () => string | Promise<string>;
  /** With i18n on the collection: the locale read and written (Strapi's default when absent). */
  readonly locale?: string;
  /** Attributes a new page is created with besides its title, id and blocks (a required author, say). */
  readonly newPageAttributes?: (page: Page) => Record<string, unknown>;
  /** The package and version of a variant, for blocks added in Strapi's admin without `cmp_instance`. */
  readonly resolveVariant?: VariantResolver;
  /**
   * The `<package>@<version>/strapi-attributes.json` records of published versions, by
   * `<package>@<version>`: an instance of a recorded version reads and writes that version's
   * attributes only, and its block's other stored values are kept (docs/strapi-pages.md
   * "Instances of older versions"). Without a record, every attribute of the component is a prop.
   */
  readonly versionAttributes?: VersionAttributesByKey;
  /** Default: the page's `fetch`. */
  readonly fetch?: FetchLike;
}

/** A page store on Strapi 5, which can also tell which variants its pages accept. */
export interface StrapiPageStore extends PageStore {
  /** Why a page of this store cannot hold an instance of `packageId`, or undefined when it can. */
  acceptsVariant(packageId: string): string | undefined;
  /**
   * Files of Strapi's media library (`GET /api/upload/files`) whose name contains `query`, each
   * as the `{id, url}` a media prop holds: the source of puck.json's `{"type": "external",
   * "source": "media"}` fields (the Puck adapter's `externalSources`). Uploading stays Strapi's.
   */
  readonly mediaLibrary: ExternalSource;
}

interface StrapiErrorBody {
  readonly error?: {
    readonly status?: number;
    readonly name?: string;
    readonly message?: string;
    readonly details?: { readonly code?: string; readonly revision?: number };
  };
}

/**
 * The page store on a page collection that `catalog-schema generate` wrote into a Strapi 5 app
 * (docs/strapi-pages.md): pages are documents, instances blocks of the collection's dynamic
 * zone, revisions checked by the generated guard inside Strapi. A save of a page the store has
 * read is one request.
 */
export function createStrapiPageStore(options: StrapiPageStoreOptions): StrapiPageStore {
  const collection = pageCollectionOf(options.schema, options.collection ?? 'page');
  const mapping: PageMapping = {
    schema: options.schema,
    collection,
    resolveVariant: options.resolveVariant,
    versionAttributes: options.versionAttributes,
    kept: new KeptValues(),
  };
  const { contentType, fields } = collection;
  const fetchImpl = options.fetch ?? pageFetch;
  const endpoint = `${options.url.replace(/\/+$/, '')}${contentType.endpoint}`;
  const scope = [
    contentType.draftAndPublish ? 'status=draft' : '',
    contentType.localized && options.locale !== undefined ? `locale=${encodeURIComponent(options.locale)}` : '',
  ].filter((part) => part !== '');
  const populate = bracketQuery({ populate: pagePopulate(collection, options.schema) });
  const channel = new PageStoreChannel(`runtime-catalog.pages:${endpoint}:${options.locale ?? ''}`);
  /**
   * Page id → documentId, from the last read or write; `null` once that document was found deleted.
   * A save goes only to the document its page was read from (docs/strapi-pages.md): after a delete,
   * a new document under the same page id is a page this store has not read, and saving an edit of
   * the old one over it (whose revision may be the same number) would be a stale write. A read
   * (`get`, `list` does not count) maps the page id anew.
   */
  const documentIds = new Map<string, string | null>();

  const url = (path: string, ...query: string[]) => `${endpoint}${path}?${[...query, ...scope].join('&')}`;

  async function send(target: string, what: string, method?: 'POST' | 'PUT' | 'DELETE', body?: unknown) {
    const token = await options.token?.();
    const headers = token === undefined ? undefined : { authorization: `Bearer ${token}` };
    return request(fetchImpl, target, { method, body, headers, what, answers: 'all' });
  }

  async function failure(response: Response, what: string): Promise<SdkError> {
    const body = (await response.json().catch(() => ({}))) as StrapiErrorBody;
    const told = body.error?.message === undefined ? '' : `: ${body.error.name ?? 'Error'}: ${body.error.message}`;
    const status = response.status;
    if (status === 401 || status === 403) {
      return new SdkError(
        'store-unauthorized',
        `${what} failed: Strapi answered ${status}${told} (check the store's token and its permissions on ${contentType.endpoint})`,
        { status },
      );
    }
    return new SdkError('store-rejected', `${what} failed: Strapi answered ${status}${told}`, { status });
  }

  async function readData<T>(response: Response, what: string): Promise<T> {
    if (!response.ok) throw await failure(response, what);
    const body = (await response.json().catch(() => undefined)) as { data?: T } | undefined;
    if (body?.data === undefined) throw new SdkError('store-rejected', `${what} failed: Strapi's answer has no data`);
    return body.data;
  }

  async function find(id: string): Promise<Page | undefined> {
    const what = `Reading page ${id}`;
    const filter = `filters[${encodeURIComponent(fields.idField)}][$eq]=${encodeURIComponent(id)}`;
    const documents = await readData<Record<string, unknown>[]>(await send(url('', filter, populate), what), what);
    const document = documents[0];
    if (document === undefined) {
      documentIds.delete(id);
      return undefined;
    }
    documentIds.set(id, String(document.documentId));
    return pageOfDocument(document, mapping);
  }

  /** The page's documentId: known from the last read or write, else looked up; `null`: deleted since. */
  async function documentIdOf(id: string): Promise<string | null | undefined> {
    if (!documentIds.has(id)) await find(id);
    return documentIds.get(id);
  }

  /** A save or delete that found its document gone: a conflict naming what the page id holds now. */
  async function deletedConflict(id: string, based: number): Promise<SdkError> {
    const current = await find(id);
    documentIds.set(id, null);
    return conflict(id, based, current?.revision ?? 0);
  }

  async function revisionConflict(response: Response, page: string, based: number): Promise<SdkError> {
    const body = (await response.json().catch(() => ({}))) as StrapiErrorBody;
    const current = body.error?.details?.revision;
    return conflict(page, based, typeof current === 'number' ? current : based);
  }

  return {
    deviceKey: `strapi:${endpoint}:${options.locale ?? ''}`,
    documentOf: (id) => documentIds.get(id) ?? undefined,
    async mediaLibrary(query) {
      const what = 'Listing the media library';
      const filter = query === '' ? [] : [`filters[name][$containsi]=${encodeURIComponent(query)}`];
      const target = `${options.url.replace(/\/+$/, '')}/api/upload/files?${[...filter, 'sort=updatedAt:desc', 'pagination[pageSize]=100'].join('&')}`;
      const response = await send(target, what);
      if (!response.ok) throw await failure(response, what);
      const files = (await response.json()) as { id: number; url: string; name?: string; mime?: string }[];
      const origin = options.url.replace(/\/+$/, '');
      return files.map((file) => ({
        value: { id: file.id, url: file.url },
        label: file.name ?? file.url,
        ...(file.mime?.startsWith('image/')
          ? { preview: file.url.startsWith('/') ? `${origin}${file.url}` : file.url }
          : {}),
      }));
    },
    acceptsVariant(packageId) {
      const found = blockComponentOf(collection, packageId);
      return 'reason' in found ? found.reason : undefined;
    },
    async list(): Promise<PageSummary[]> {
      const what = 'Listing pages';
      const summaries: PageSummary[] = [];
      const names = [fields.idField, fields.titleField, fields.revisionField, 'updatedAt'];
      const selected = names.map((name, index) => `fields[${index}]=${encodeURIComponent(name)}`);
      for (let pageNumber = 1; ; pageNumber++) {
        const target = url(
          '',
          ...selected,
          'sort[0]=updatedAt:desc',
          'sort[1]=id:desc',
          `pagination[page]=${pageNumber}`,
          'pagination[pageSize]=100',
        );
        const response = await send(target, what);
        if (!response.ok) throw await failure(response, what);
        const body = (await response.json()) as {
          data: Record<string, unknown>[];
          meta?: { pagination?: { pageCount?: number } };
        };
        for (const document of body.data) {
          summaries.push({
            id: String(document[fields.idField]),
            title: String(document[fields.titleField] ?? ''),
            revision: Number(document[fields.revisionField] ?? 0),
            updatedAt: String(document.updatedAt),
          });
        }
        if (pageNumber >= (body.meta?.pagination?.pageCount ?? 1)) return summaries;
      }
    },
    get: find,
    async save(page) {
      const what = `Saving page ${page.id}`;
      const data = documentOfPage(page, mapping);
      let response: Response;
      if (page.revision === 0) {
        const created = { ...options.newPageAttributes?.(page), ...data };
        response = await send(url('', populate), what, 'POST', { data: created });
      } else {
        const documentId = await documentIdOf(page.id);
        if (documentId === undefined) throw conflict(page.id, page.revision, 0);
        if (documentId === null) throw await deletedConflict(page.id, page.revision);
        response = await send(url(`/${encodeURIComponent(documentId)}`, populate), what, 'PUT', { data });
        if (response.status === 404) throw await deletedConflict(page.id, page.revision);
      }
      if (response.status === 409) throw await revisionConflict(response, page.id, page.revision);
      const document = await readData<Record<string, unknown>>(response, what);
      documentIds.set(page.id, String(document.documentId));
      const saved = pageOfDocument(document, mapping);
      channel.post({ type: 'saved', id: saved.id, revision: saved.revision });
      return saved;
    },
    async delete(id, revision) {
      const what = `Deleting page ${id}`;
      const documentId = await documentIdOf(id);
      if (documentId === undefined || documentId === null) return;
      const target = `${endpoint}/${encodeURIComponent(documentId)}?${[`revision=${revision}`, ...scope.filter((part) => part.startsWith('locale='))].join('&')}`;
      const response = await send(target, what, 'DELETE');
      if (response.status === 409) throw await revisionConflict(response, id, revision);
      if (!response.ok && response.status !== 404) throw await failure(response, what);
      documentIds.set(id, null);
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
