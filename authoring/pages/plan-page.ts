import { AuthoringError } from '../authoring-error.js';
import { runMigrationChain, type VariantMigrations } from '../versions/migration-chain.js';
import { propsOfStored, restoreEmptyLists, UnwritableProp, writeFormOfProps } from './block-values.js';
import type { PageCollection, PagesSchema } from './pages-schema.js';

/** A variant package whose stored instances migrate-pages upgrades: its current version and migrations. */
export interface VariantTarget {
  readonly variant: string;
  /** `<scope>/ui-<variant>`: what `cmp_instance.package` holds. */
  readonly package: string;
  /** The variant package's version (its package.json): what an upgraded instance records. */
  readonly version: string;
  readonly major: number;
  /** What its `src/migrations.ts` exports; undefined when it has none (an upgrade is then `migration-missing`). */
  readonly migrations: VariantMigrations | undefined;
}

/** Where one stored instance is: its page (id, documentId, locale, draft or published) and block. */
export interface StoredInstance {
  readonly collection: string;
  /** The page id (the collection's uid attribute), or the documentId when it has none. */
  readonly page: string;
  readonly documentId: string;
  readonly locale: string | undefined;
  readonly status: 'draft' | 'published';
  /** The block's index in the dynamic zone. */
  readonly block: number;
  readonly component: string;
  readonly instanceId: string;
  readonly package: string;
  readonly version: string;
}

/** An instance upgraded (or, in a dry run, to upgrade): the version it gets and the props that change. */
export interface InstanceUpgrade extends StoredInstance {
  readonly to: string;
  readonly removed: readonly string[];
  readonly added: readonly string[];
  readonly changed: readonly string[];
}

/** An instance the upgrade failed on: its page is left untouched. */
export interface InstanceFailure extends StoredInstance {
  readonly code: string;
  readonly message: string;
}

/** What migrate-pages does to one page: the upgrades, the failures and, when it writes, the update's data. */
export interface PagePlan {
  readonly revision: number;
  readonly upgrades: readonly InstanceUpgrade[];
  readonly failures: readonly InstanceFailure[];
  /** `{revision, <blocks>}` for the update; undefined when nothing is upgraded or anything failed. */
  readonly data: Record<string, unknown> | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The major of a semver version, or undefined when it is not one. */
export function majorOf(version: string): number | undefined {
  const match = /^(0|[1-9]\d*)\.\d+\.\d+/.exec(version);
  return match === null ? undefined : Number(match[1]);
}

/** A stored page document as migrate-pages reads it (the draft or the published version of one locale). */
export interface PageDocument {
  readonly document: Record<string, unknown>;
  readonly collection: PageCollection;
  readonly locale: string | undefined;
  readonly status: 'draft' | 'published';
}

/** The blocks of the document and, for each one a target variant holds at an older major, where it is. */
export function instancesToUpgrade(
  page: PageDocument,
  targets: ReadonlyMap<string, VariantTarget>,
): { instance: StoredInstance; block: Record<string, unknown>; target: VariantTarget }[] {
  const { document, collection } = page;
  const blocks = document[collection.blocksField];
  const found: { instance: StoredInstance; block: Record<string, unknown>; target: VariantTarget }[] = [];
  if (!Array.isArray(blocks)) return found;
  for (const [index, block] of blocks.entries()) {
    if (!isRecord(block) || !isRecord(block.cmp_instance)) continue;
    const { id, package: name, version } = block.cmp_instance;
    if (typeof name !== 'string' || typeof version !== 'string') continue;
    const target = targets.get(name);
    const major = majorOf(version);
    if (target === undefined || major === undefined || major >= target.major) continue;
    const pageId = document[collection.idField];
    found.push({
      target,
      block,
      instance: {
        collection: collection.uid,
        page: typeof pageId === 'string' && pageId !== '' ? pageId : String(document.documentId),
        documentId: String(document.documentId),
        locale: page.locale,
        status: page.status,
        block: index,
        component: String(block.__component),
        instanceId: typeof id === 'string' ? id : '',
        package: name,
        version,
      },
    });
  }
  return found;
}

/** Prop names removed, added and changed between two props objects (top level). */
function propChanges(before: Record<string, unknown>, after: Record<string, unknown>) {
  const removed = Object.keys(before).filter((key) => !(key in after));
  const added = Object.keys(after).filter((key) => !(key in before));
  const changed = Object.keys(after).filter(
    (key) => key in before && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return { removed, added, changed };
}

/**
 * The upgrade of one draft: every instance of an older major run through its variant's migration
 * chain (its stored attributes as the old major's props) and written back as the current version,
 * every other block sent as `{__component, id}` so Strapi keeps it exactly as it is. Any failing
 * instance leaves the whole page untouched (no data).
 */
export function planPage(
  page: PageDocument,
  schema: PagesSchema,
  targets: ReadonlyMap<string, VariantTarget>,
): PagePlan {
  const { document, collection } = page;
  const revision = Number(document[collection.revisionField] ?? 0);
  const upgrades: InstanceUpgrade[] = [];
  const failures: InstanceFailure[] = [];
  const written = new Map<number, Record<string, unknown>>();
  for (const { instance, block, target } of instancesToUpgrade(page, targets)) {
    const meta = block.cmp_instance as Record<string, unknown>;
    const before = propsOfStored(block, instance.component, schema);
    if (Array.isArray(meta.emptyLists)) restoreEmptyLists(before, meta.emptyLists.map(String));
    try {
      const after = runMigrationChain(target.migrations ?? {}, majorOf(instance.version) ?? 0, target.major, before);
      const emptyLists: string[] = [];
      const attributes = writeFormOfProps(after, instance.component, schema, emptyLists);
      const { emptyLists: _old, ...kept } = meta;
      written.set(instance.block, {
        // First: Strapi 5.54's input validation refuses a block whose nested component comes before it.
        __component: instance.component,
        id: block.id,
        ...attributes,
        cmp_instance: { ...kept, version: target.version, ...(emptyLists.length > 0 ? { emptyLists } : {}) },
      });
      upgrades.push({ ...instance, to: target.version, ...propChanges(before, after) });
    } catch (error) {
      if (error instanceof AuthoringError) failures.push({ ...instance, code: error.code, message: error.message });
      else if (error instanceof UnwritableProp)
        failures.push({ ...instance, code: 'migration-failed', message: `the migrated props: ${error.message}` });
      else throw error;
    }
  }
  if (upgrades.length === 0 || failures.length > 0) return { revision, upgrades, failures, data: undefined };
  const blocks = (document[collection.blocksField] as unknown[]).map((block, index) => {
    const upgraded = written.get(index);
    if (upgraded !== undefined) return upgraded;
    const stored = block as Record<string, unknown>;
    return { __component: stored.__component, id: stored.id };
  });
  return {
    revision,
    upgrades,
    failures,
    data: { [collection.revisionField]: revision, [collection.blocksField]: blocks },
  };
}
