import type { Page } from '@runtime-component-catalog/contracts';
import { createStrapiPageStore, type StrapiPageStore, type StrapiSchema } from '@runtime-component-catalog/sdk/strapi';
import { callStrapi, type StrapiAnswer } from '../strapi-rest.js';
import type { StrapiServer } from '../strapi-server.js';
import {
  type Actor,
  heroBlock,
  type Locale,
  locales,
  otherLocale,
  type PageName,
  type PageRow,
  rowOf,
  type StoreActor,
  storeActors,
} from './page-vocabulary.js';
import type { PageWorld } from './page-world.js';
import type { WriteOutcome } from './write-judgement.js';

// How each actor reads and writes a page in a locale, each its own way:
// - storeA, storeB: the SDK's Strapi page store (one per locale), as an editor saves: a read is
//   `get`, a save `save` of the page it read with a new title (a create when it read none);
// - rest: a REST client, `GET /api/pages?filters[slug]…` and `PUT /api/pages/<documentId>` with the
//   revision it read (status=published: save and publish), a `POST` or a localization (`PUT` at
//   revision 0 into the document it read in the other locale) when it read none;
// - admin: the content manager (admin JWT): its list and edit view, its save, its publish button
//   (the form saved, then published), its new localization, its create.

/** What a write changes: the title (and the block's), the summary (not localized), the page id (slug). */
export type Change = 'title' | 'summary' | 'publish' | 'slug';

/** What an actor saw: a row, or for a store only what a Page shows (revision and title). */
export type ActorRead = { readonly row: PageRow } | { readonly revision: number; readonly title: string } | undefined;

const contentManager = '/content-manager/collection-types/api::page.page';

/** The actors of one run: their stores, and the pages the stores have read. */
export class PageActors {
  readonly server: StrapiServer;
  readonly #author: string;
  readonly #stores = new Map<string, StrapiPageStore>();
  readonly #pages = new Map<string, Page | undefined>();
  #stamp = 0;

  constructor(server: StrapiServer, schema: StrapiSchema, author: string) {
    this.server = server;
    this.#author = author;
    for (const actor of storeActors) {
      for (const locale of locales) {
        const store = createStrapiPageStore({
          url: server.url,
          schema,
          token: () => server.apiToken,
          locale,
          newPageAttributes: () => ({ author }),
        });
        this.#stores.set(`${actor} ${locale}`, store);
      }
    }
  }

  /** Closes the stores' channels. */
  close(): void {
    for (const store of this.#stores.values()) store.close();
  }

  /** A title (or summary) no write of the file used before: every write changes the content. */
  stamp(name: PageName, locale: Locale): string {
    this.#stamp += 1;
    return `${name}-${locale}-${this.#stamp}`;
  }

  /** The actor reads the page's draft in the locale. */
  async read(world: PageWorld, actor: Actor, name: PageName, locale: Locale): Promise<ActorRead> {
    const slug = world.slugOf(name);
    if (actor === 'storeA' || actor === 'storeB') {
      const page = await this.#store(actor, locale).get(slug);
      this.#pages.set(`${actor} ${slug} ${locale}`, page);
      return page === undefined ? undefined : { revision: page.revision, title: page.title };
    }
    if (actor === 'rest') {
      const query = `filters[slug][$eq]=${slug}&status=draft&locale=${locale}&populate[0]=blocks`;
      const answer = await callStrapi<{ data?: Record<string, unknown>[] }>(this.server, 'GET', `/api/pages?${query}`);
      const document = readable(world, answer, `${actor} reads ${name}/${locale}`).data?.[0];
      return document === undefined ? undefined : { row: rowOf(document, locale) };
    }
    // The admin: the list view (filtered by slug), then the document's edit view.
    const what = `${actor} reads ${name}/${locale}`;
    const list = await this.#admin<{ results?: { documentId: string }[] }>(
      'GET',
      `${contentManager}?page=1&pageSize=10&locale=${locale}&filters[$and][0][slug][$eq]=${slug}`,
    );
    const listed = readable(world, list, what).results?.[0];
    if (listed === undefined) return undefined;
    const view = await this.#admin<{ data: Record<string, unknown> }>(
      'GET',
      `${contentManager}/${listed.documentId}?locale=${locale}`,
    );
    return { row: rowOf(readable(world, view, what).data, locale) };
  }

  /** The actor saves the page in the locale based on its last read (`target`: the id a slug change takes). */
  async write(
    world: PageWorld,
    actor: Actor,
    name: PageName,
    locale: Locale,
    change: Change,
    target?: PageName,
  ): Promise<{ outcome: WriteOutcome; into?: string }> {
    const read = world.readOf(actor, name, locale)?.row;
    const title = this.stamp(name, locale);
    if (actor === 'storeA' || actor === 'storeB')
      return { outcome: await this.#storeSave(world, actor, name, locale, title) };
    const slug = world.slugOf(name);
    const changed: Record<string, unknown> = {
      title: { title, blocks: [heroBlock(title)] },
      publish: { title, blocks: [heroBlock(title)] },
      summary: { summary: `summary ${title}` },
      slug: { slug: world.slugOf(target ?? name) },
    }[change];
    const created = { title, slug, blocks: [heroBlock(title)] };
    const into = read === undefined ? world.readOf(actor, name, otherLocale(locale))?.row?.documentId : undefined;
    if (actor === 'rest') {
      const status = change === 'publish' ? 'published' : 'draft';
      const answer =
        read !== undefined
          ? await callStrapi(this.server, 'PUT', `/api/pages/${read.documentId}?status=${status}&locale=${locale}`, {
              data: { ...changed, revision: read.revision },
            })
          : into !== undefined
            ? await callStrapi(this.server, 'PUT', `/api/pages/${into}?status=draft&locale=${locale}`, {
                data: { ...created, author: this.#author, revision: 0 },
              })
            : await callStrapi(this.server, 'POST', `/api/pages?status=draft&locale=${locale}`, {
                data: { ...created, author: this.#author },
              });
      return { outcome: outcomeOf(answer, 409), ...(into === undefined ? {} : { into }) };
    }
    const author = { connect: [{ documentId: this.#author }] };
    const answer =
      read !== undefined
        ? change === 'publish'
          ? await this.#admin('POST', `${contentManager}/${read.documentId}/actions/publish?locale=${locale}`, {
              ...changed,
              revision: read.revision,
              locale,
            })
          : await this.#admin('PUT', `${contentManager}/${read.documentId}?locale=${locale}`, {
              ...changed,
              revision: read.revision,
              locale,
            })
        : into !== undefined
          ? await this.#admin('PUT', `${contentManager}/${into}?locale=${locale}`, {
              ...created,
              author,
              locale,
              revision: 0,
            })
          : await this.#admin('POST', `${contentManager}?locale=${locale}`, { ...created, author, locale });
    // The content manager answers the guard's ApplicationError with 400 (docs/strapi-pages.md).
    return { outcome: outcomeOf(answer, 400), ...(into === undefined ? {} : { into }) };
  }

  /** The store deletes the page in its locale at the revision it read (`?revision=`: guarded). */
  async storeDelete(world: PageWorld, actor: StoreActor, name: PageName, locale: Locale): Promise<WriteOutcome> {
    const page = this.#pages.get(`${actor} ${world.slugOf(name)} ${locale}`);
    if (page === undefined) return { kind: 'failed', said: 'the store has no page read' };
    try {
      await this.#store(actor, locale).delete(page.id, page.revision);
      this.#pages.delete(`${actor} ${page.id} ${locale}`);
      return { kind: 'accepted', revision: undefined, said: `deleted at revision ${page.revision}` };
    } catch (error) {
      return storeRefusal(error);
    }
  }

  /** A content-manager call as the admin. */
  admin<T>(method: string, path: string, body?: unknown): Promise<StrapiAnswer<T>> {
    return this.#admin(method, path, body);
  }

  async #storeSave(world: PageWorld, actor: StoreActor, name: PageName, locale: Locale, title: string) {
    const key = `${actor} ${world.slugOf(name)} ${locale}`;
    const read = this.#pages.get(key);
    const content = [
      {
        id: 'hero',
        packageId: 'hero1',
        package: '@acme/ui-hero1',
        version: '1.0.0',
        props: { cmp_variant: 'hero1', title },
      },
    ];
    const page: Page = read ?? {
      id: world.slugOf(name),
      title,
      revision: 0,
      updatedAt: new Date(0).toISOString(),
      content,
    };
    try {
      const saved = await this.#store(actor, locale).save({ ...page, title, content });
      this.#pages.set(key, saved);
      return { kind: 'accepted', revision: saved.revision, said: `saved at revision ${saved.revision}` } as const;
    } catch (error) {
      return storeRefusal(error);
    }
  }

  #store(actor: StoreActor, locale: Locale): StrapiPageStore {
    const store = this.#stores.get(`${actor} ${locale}`);
    if (store === undefined) throw new Error(`no store for ${actor} in ${locale}`);
    return store;
  }

  #admin<T>(method: string, path: string, body?: unknown): Promise<StrapiAnswer<T>> {
    return callStrapi<T>(this.server, method, path, body, this.server.adminJwt);
  }
}

/** The body of a read's 200; any other answer is a violation. */
function readable<T>(world: PageWorld, answer: StrapiAnswer<T>, what: string): T {
  if (answer.status !== 200)
    throw world.violation('unexpected-answer', `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The guard's refusal through the store is SdkError `store-conflict`; anything else failed. */
function storeRefusal(error: unknown): WriteOutcome {
  const code = (error as { code?: unknown }).code;
  const said = `${String(code)}: ${(error as Error).message}`;
  return code === 'store-conflict' ? { kind: 'refused', said } : { kind: 'failed', said };
}

interface ErrorBody {
  readonly data?: { readonly revision?: unknown };
  readonly error?: { readonly details?: { readonly code?: unknown } };
}

/**
 * A write's answer: accepted (2xx), refused (the guard's `revision-conflict` or `page-id-taken` at
 * `conflictStatus`, or 404: the document is gone), or failed (anything else).
 */
export function outcomeOf(answer: StrapiAnswer<unknown>, conflictStatus: 400 | 409): WriteOutcome {
  const body = answer.body as ErrorBody | undefined;
  const said = `${answer.status} ${JSON.stringify(answer.body)}`.slice(0, 400);
  if (answer.status >= 200 && answer.status < 300) {
    const revision = body?.data?.revision;
    return {
      kind: 'accepted',
      revision: typeof revision === 'number' ? revision : undefined,
      said: `${answer.status} revision ${String(revision)}`,
    };
  }
  const code = body?.error?.details?.code;
  const conflict = answer.status === conflictStatus && (code === 'revision-conflict' || code === 'page-id-taken');
  return conflict || answer.status === 404 ? { kind: 'refused', said } : { kind: 'failed', said };
}
