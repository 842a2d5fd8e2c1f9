import { callStrapi, type StrapiEndpoint } from '../strapi-rest.js';
import { PageModelViolation, type ViolationCode } from './page-model-violation.js';
import {
  type Actor,
  describeRow,
  type Locale,
  locales,
  type PageName,
  type PageRow,
  pageNames,
  rowOf,
  type Slot,
  slotOf,
} from './page-vocabulary.js';

// The model of one run: what Strapi held at the last observation (every draft and published
// version of the run's pages, listed over REST after each command), what each actor last read,
// and what the run has seen so far. Observing checks the rules that hold of any state:
// - a page id is taken by at most one draft document per locale;
// - a document's draft revision in a locale never goes down (across a discard, a deleted and
//   re-created locale too);
// - a revision number of a document in a locale names one content of its draft. (A published
//   version may change under its number: publishing a locale copies non-localized attributes into
//   the other locales' published versions, which changes no draft. A page created again at a
//   deleted page's id is a new document and starts at 1; docs/strapi-pages.md.)
// A slot's version counts its changes (document, revision or content): a read remembers it, and a
// write based on a read is stale exactly when the version moved since (write-judgement.ts).

/** What an actor last read of a page in a locale: the slot's version then, and the row (or none). */
export interface PageRead {
  readonly version: number;
  readonly row: PageRow | undefined;
}

/** The slots' versions at one moment (taken before a command, compared after it). */
export type SlotVersions = ReadonlyMap<Slot, number>;

type Status = 'draft' | 'published';

/** The state of one run's pages as the model knows it, and the rules every state must keep. */
export class PageWorld {
  /** The run's slug prefix: the pages of other runs are never listed. */
  readonly prefix: string;
  #drafts = new Map<Slot, PageRow[]>();
  #published = new Map<Slot, PageRow[]>();
  #versions = new Map<Slot, number>();
  /** Each slot's states, by version (for messages). */
  #history = new Map<Slot, string[]>();
  /** The highest draft revision seen per document and locale. */
  #highest = new Map<string, number>();
  /** `<documentId> <locale>#<revision>` → the content that revision was seen naming. */
  #named = new Map<string, { content: string; step: number }>();
  #reads = new Map<string, PageRead>();
  #trail: string[] = [];

  constructor(prefix: string) {
    this.prefix = prefix;
  }

  /** The slug of a page id of this run. */
  slugOf(name: PageName): string {
    return `${this.prefix}${name}`;
  }

  /** The draft in a locale (the first one, when a duplicate slug is already reported). */
  draftOf(name: PageName, locale: Locale): PageRow | undefined {
    return this.#drafts.get(slotOf(name, locale))?.[0];
  }

  /** The published version in a locale. */
  publishedOf(name: PageName, locale: Locale): PageRow | undefined {
    return this.#published.get(slotOf(name, locale))?.[0];
  }

  /** Whether a document has a draft in some locale (`locale`: in that one). */
  hasDraft(documentId: string, locale?: Locale): boolean {
    return [...this.#drafts.values()].some((rows) =>
      rows.some((row) => row.documentId === documentId && (locale === undefined || row.locale === locale)),
    );
  }

  /** Every slot's version now. */
  versions(): SlotVersions {
    return new Map(this.#versions);
  }

  /** A slot's state at a version, for messages. */
  stateAt(slot: Slot, version: number): string {
    return this.#history.get(slot)?.[version] ?? 'never observed';
  }

  /** What the actor last read of the page in the locale; undefined when it never read it. */
  readOf(actor: Actor, name: PageName, locale: Locale): PageRead | undefined {
    return this.#reads.get(`${actor} ${slotOf(name, locale)}`);
  }

  /** The actor has just read (or written) the slot: it now holds the current version. */
  remember(actor: Actor, name: PageName, locale: Locale): PageRead {
    const slot = slotOf(name, locale);
    const read = { version: this.#versions.get(slot) ?? 0, row: this.draftOf(name, locale) };
    this.#reads.set(`${actor} ${slot}`, read);
    return read;
  }

  /** Adds a line to the run's trail (each command and what Strapi answered). */
  note(line: string): void {
    this.#trail.push(line);
  }

  /** A violation, its message ending with the run's trail. */
  violation(code: ViolationCode, message: string): PageModelViolation {
    const trail = this.#trail.map((line, index) => `  ${index + 1}. ${line}`).join('\n');
    return new PageModelViolation(code, `${message}\nthe run so far (pages ${this.prefix}*):\n${trail}`);
  }

  /** Lists every version of the run's pages and checks the state rules; throws the first broken one. */
  async observe(server: StrapiEndpoint): Promise<void> {
    const listed = await Promise.all(
      locales.flatMap((locale) =>
        (['draft', 'published'] as const).map(async (status) => ({
          locale,
          status,
          rows: await this.#list(server, status, locale),
        })),
      ),
    );
    const drafts = new Map<Slot, PageRow[]>();
    const published = new Map<Slot, PageRow[]>();
    for (const { locale, status, rows } of listed) {
      for (const row of rows) {
        const name = pageNames.find((candidate) => this.slugOf(candidate) === row.slug);
        if (name === undefined) throw this.violation('read-disagrees', `a page of the run has slug ${row.slug}`);
        const into = status === 'draft' ? drafts : published;
        const slot = slotOf(name, locale);
        into.set(slot, [...(into.get(slot) ?? []), row]);
      }
    }
    this.#drafts = drafts;
    this.#published = published;
    const step = this.#trail.length;
    const problems: { code: ViolationCode; message: string }[] = [];
    for (const name of pageNames) {
      for (const locale of locales) {
        const slot = slotOf(name, locale);
        const rows = drafts.get(slot) ?? [];
        if (new Set(rows.map((row) => row.documentId)).size > 1) {
          const taken = rows.map((row) => `${row.documentId} (r${row.revision})`).join(' and ');
          problems.push({
            code: 'duplicate-slug',
            message: `page id ${this.slugOf(name)} is taken in ${locale} by ${taken}`,
          });
          continue;
        }
        const draft = rows[0];
        if (draft !== undefined) {
          // Revisions belong to a document in a locale (docs/strapi-pages.md).
          const key = `${draft.documentId} ${locale}`;
          const highest = this.#highest.get(key) ?? 0;
          if (draft.revision < highest) {
            problems.push({
              code: 'revision-decreased',
              message: `${slot} draft is at revision ${draft.revision}, but revision ${highest} of ${key} was seen before; now ${describeRow(draft)}`,
            });
          }
          const named = this.#named.get(`${key}#${draft.revision}`);
          if (named === undefined) this.#named.set(`${key}#${draft.revision}`, { content: draft.content, step });
          else if (named.content !== draft.content) {
            problems.push({
              code: 'revision-reused',
              message: `${slot} draft revision ${draft.revision} (${key}) names ${draft.content}, but it named ${named.content} after step ${named.step}`,
            });
          }
          this.#highest.set(key, Math.max(highest, draft.revision));
        }
        const state = rows.length === 0 ? 'absent' : rows.map(describeRow).join(' + ');
        const history = this.#history.get(slot) ?? ['absent'];
        if (history[history.length - 1] !== state) history.push(state);
        this.#history.set(slot, history);
        this.#versions.set(slot, history.length - 1);
      }
    }
    const [first] = problems;
    if (first !== undefined) throw this.violation(first.code, problems.map((problem) => problem.message).join('\n'));
  }

  async #list(server: StrapiEndpoint, status: Status, locale: Locale): Promise<PageRow[]> {
    const query = new URLSearchParams({
      status,
      locale,
      'filters[slug][$startsWith]': this.prefix,
      'populate[0]': 'blocks',
      'sort[0]': 'id:asc',
      'pagination[pageSize]': '100',
    });
    const answer = await callStrapi<{ data?: Record<string, unknown>[] }>(server, 'GET', `/api/pages?${query}`);
    if (answer.status !== 200 || answer.body.data === undefined) {
      throw this.violation(
        'unexpected-answer',
        `listing ${status} pages in ${locale}: ${answer.status} ${JSON.stringify(answer.body)}`,
      );
    }
    return answer.body.data.map((document) => rowOf(document, locale));
  }
}
