import type { PageCollection, PagesSchema } from './pages-schema.js';
import {
  type InstanceFailure,
  type InstanceUpgrade,
  instancesToUpgrade,
  type PageDocument,
  planPage,
  type StoredInstance,
  type VariantTarget,
} from './plan-page.js';
import { localesOf, readDraft, readPages, updateDraft } from './read-pages.js';
import { describeRefusal, type StrapiClient } from './strapi-client.js';

/** How {@link migratePages} runs. */
export interface MigratePagesOptions {
  readonly client: StrapiClient;
  readonly schema: PagesSchema;
  readonly collections: readonly PageCollection[];
  /** The variant packages to upgrade, by package name. */
  readonly targets: ReadonlyMap<string, VariantTarget>;
  /** `run` writes; `dry-run` runs the migrations and reports; `check` only finds instances of an older major. */
  readonly mode: 'run' | 'dry-run' | 'check';
  /** One line per instance, page and conflict, as it happens. */
  readonly progress: (line: string) => void;
  /** Called with a draft's update just before it is sent (tests make a concurrent save happen here). */
  readonly beforeUpdate?: (page: PageDocument) => Promise<void>;
}

/** What a run found and did. */
export interface MigratePagesReport {
  /** Instances upgraded (in a dry run: that would be). */
  readonly upgraded: readonly InstanceUpgrade[];
  /** Pages written (in a dry run: that would be). */
  readonly pages: number;
  /** Instances whose page was left untouched, with why. */
  readonly failures: readonly InstanceFailure[];
  /** Instances of an older major still stored: drafts not upgraded and published versions (check, and after a run). */
  readonly remaining: readonly StoredInstance[];
}

/** Updates of one page tried before its conflicts count as a failure: each conflict is another save that came first. */
const maxAttempts = 5;

/** `page home (en)`. */
export function pageLabel(instance: Pick<StoredInstance, 'page' | 'locale'>): string {
  return `page ${instance.page}${instance.locale === undefined ? '' : ` (${instance.locale})`}`;
}

/** `block 0 hero.hero1 (instance h1) @acme/ui-hero1 1.0.0`. */
export function instanceLabel(instance: StoredInstance): string {
  return `block ${instance.block} ${instance.component} (instance ${instance.instanceId || 'without id'}) ${instance.package} ${instance.version}`;
}

function upgradeLine(upgrade: InstanceUpgrade): string {
  const props = [
    ...upgrade.removed.map((name) => `-${name}`),
    ...upgrade.added.map((name) => `+${name}`),
    ...upgrade.changed.map((name) => `~${name}`),
  ];
  return `${pageLabel(upgrade)}: ${instanceLabel(upgrade)} → ${upgrade.to}${props.length > 0 ? ` (props ${props.join(' ')})` : ''}`;
}

/** The collections whose zone holds a component of one of the targets (`hero.hero1` is variant `hero1`). */
function collectionsFor(collections: readonly PageCollection[], targets: ReadonlyMap<string, VariantTarget>) {
  const variants = new Set([...targets.values()].map((target) => target.variant));
  return collections.filter((collection) =>
    collection.blockComponents.some((component) => variants.has(component.slice(component.indexOf('.') + 1))),
  );
}

/**
 * Upgrades every stored instance of the targets whose major is below the variant's current one
 * (docs/authoring-migrate-pages.md): page by page, each locale's draft, one update a page through
 * the revision guard. A conflict (another save came first) reads the page again and plans anew,
 * at most five times; a page is never written over. An instance the migrations fail on leaves its
 * page untouched and the run goes on. Published versions are only reported: publishing stays the
 * editors'. Resumable: a page already upgraded holds nothing of an older major, so a re-run skips it.
 */
export async function migratePages(options: MigratePagesOptions): Promise<MigratePagesReport> {
  const { client, schema, targets, mode, progress } = options;
  const upgraded: InstanceUpgrade[] = [];
  const failures: InstanceFailure[] = [];
  const remaining: StoredInstance[] = [];
  let pages = 0;
  const fail = (failed: readonly InstanceFailure[]) => {
    for (const failure of failed) {
      failures.push(failure);
      progress(
        `failed ${pageLabel(failure)}: ${instanceLabel(failure)}: ${failure.code}: ${failure.message}; the page is left untouched`,
      );
    }
  };

  async function upgradeDraft(first: PageDocument): Promise<void> {
    let page: PageDocument | undefined = first;
    for (let attempt = 1; page !== undefined; attempt += 1) {
      const plan = planPage(page, schema, targets);
      if (plan.failures.length > 0) {
        fail(plan.failures);
        remaining.push(...plan.upgrades);
        return;
      }
      if (plan.data === undefined) return;
      if (mode === 'dry-run') {
        for (const upgrade of plan.upgrades) progress(`would upgrade ${upgradeLine(upgrade)}`);
        upgraded.push(...plan.upgrades);
        pages += 1;
        return;
      }
      const documentId = String(page.document.documentId);
      await options.beforeUpdate?.(page);
      const answer = await updateDraft(client, page.collection, documentId, page.locale, plan.data);
      const label = pageLabel(plan.upgrades[0] as InstanceUpgrade);
      if (answer.status >= 200 && answer.status < 300) {
        for (const upgrade of plan.upgrades) progress(`upgraded ${upgradeLine(upgrade)}`);
        progress(`${label}: revision ${plan.revision} → ${plan.revision + 1}`);
        upgraded.push(...plan.upgrades);
        pages += 1;
        return;
      }
      if (answer.status === 404) {
        progress(`${label}: deleted meanwhile: nothing to upgrade`);
        return;
      }
      if (answer.status !== 409 || attempt >= maxAttempts) {
        const code = answer.status === 409 ? 'revision-conflict' : 'strapi-refused';
        const why =
          answer.status === 409 ? `saved elsewhere ${attempt} times while upgrading` : describeRefusal(answer);
        fail(plan.upgrades.map((upgrade) => ({ ...upgrade, code, message: why })));
        remaining.push(...plan.upgrades);
        return;
      }
      const revision = (answer.body as { error?: { details?: { revision?: unknown } } } | undefined)?.error?.details
        ?.revision;
      progress(
        `${label}: saved elsewhere meanwhile${typeof revision === 'number' ? ` (revision ${revision})` : ''}: read again`,
      );
      page = await readDraft(client, page.collection, schema, documentId, page.locale);
      if (page === undefined) progress(`${label}: deleted meanwhile: nothing to upgrade`);
    }
  }

  for (const collection of collectionsFor(options.collections, targets)) {
    for (const locale of await localesOf(client, collection)) {
      for await (const page of readPages(client, collection, schema, locale, 'draft')) {
        if (mode === 'check') remaining.push(...instancesToUpgrade(page, targets).map((found) => found.instance));
        else await upgradeDraft(page);
      }
      if (!collection.draftAndPublish) continue;
      // Published versions are copies an editor made by publishing: they follow the draft when it is published.
      for await (const page of readPages(client, collection, schema, locale, 'published')) {
        for (const { instance } of instancesToUpgrade(page, targets)) {
          remaining.push(instance);
          if (mode !== 'check')
            progress(`published ${pageLabel(instance)}: ${instanceLabel(instance)}: publish the upgraded draft`);
        }
      }
    }
  }
  if (mode === 'check')
    for (const instance of remaining)
      progress(`needs migration: ${pageLabel(instance)}, ${instance.status}: ${instanceLabel(instance)}`);
  return { upgraded, pages, failures, remaining };
}
