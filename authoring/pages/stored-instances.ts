import type { AuthoringConfig } from '../config/authoring-config.js';
import type { CompiledSchema } from '../model/compiled-schema.js';
import { migratePages } from './migrate-pages.js';
import { pageCollectionsOf, pagesSchemaOf } from './pages-schema.js';
import type { StoredInstance } from './plan-page.js';
import { localesOf, readPages } from './read-pages.js';
import { StrapiClient } from './strapi-client.js';
import { resolveStrapiTarget } from './strapi-target.js';
import { variantTargets } from './variant-targets.js';

/** What {@link storedInstancesNeedingMigration} asks Strapi about. */
export interface StoredInstancesQuery {
  readonly root: string;
  readonly config: Pick<AuthoringConfig, 'packages' | 'scope'>;
  /** The compiled schema whose Strapi app holds the pages. */
  readonly schema: CompiledSchema;
  /** `STRAPI_URL` and `STRAPI_TOKEN` are read from here (missing: `migrate-pages-config-missing`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The variants to look at; default every variant package. */
  readonly variants?: readonly string[];
  /**
   * Attributes by component uid (`hero.hero1` → `["subtitle"]`): an instance of any version whose
   * block still holds a value in one of them is listed too, with `holds`.
   */
  readonly attributes?: ReadonlyMap<string, readonly string[]>;
}

/** A stored instance that keeps a contract from going ahead, and why. */
export type InstanceNeedingMigration = StoredInstance & {
  /** The attributes of `attributes` it holds a value in (empty when it is only of an older major). */
  readonly holds: readonly string[];
};

const held = (value: unknown) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);

/**
 * The instances stored in Strapi that `migrate-pages` still has to upgrade (an older major than
 * their variant package's, in a draft or a published version, every locale), plus, when asked,
 * those whose block still holds a value in one of `attributes`: what `generate --contract` asks
 * before it removes a deprecated attribute. Empty: no stored page reads it any more. Reads only.
 */
export async function storedInstancesNeedingMigration(
  query: StoredInstancesQuery,
): Promise<InstanceNeedingMigration[]> {
  const client = new StrapiClient(resolveStrapiTarget(query.env));
  const schema = pagesSchemaOf(query.schema);
  const collections = pageCollectionsOf(schema);
  const targets = await variantTargets(query.root, query.config, query.variants ?? [], false);
  const report = await migratePages({ client, schema, collections, targets, mode: 'check', progress: () => {} });
  const found = new Map<string, InstanceNeedingMigration>();
  const key = (instance: StoredInstance) =>
    `${instance.documentId}\u0000${instance.locale}\u0000${instance.status}\u0000${instance.block}`;
  for (const instance of report.remaining) found.set(key(instance), { ...instance, holds: [] });
  if (query.attributes === undefined || query.attributes.size === 0) return [...found.values()];
  for (const collection of collections) {
    if (!collection.blockComponents.some((component) => query.attributes?.has(component))) continue;
    for (const locale of await localesOf(client, collection)) {
      for (const status of collection.draftAndPublish ? (['draft', 'published'] as const) : (['draft'] as const)) {
        for await (const page of readPages(client, collection, schema, locale, status)) {
          const blocks = page.document[collection.blocksField];
          if (!Array.isArray(blocks)) continue;
          for (const [index, block] of blocks.entries()) {
            const component = String((block as Record<string, unknown>).__component);
            const holds = (query.attributes.get(component) ?? []).filter((name) =>
              held((block as Record<string, unknown>)[name]),
            );
            if (holds.length === 0) continue;
            const meta = ((block as Record<string, unknown>).cmp_instance ?? {}) as Record<string, unknown>;
            const pageId = page.document[collection.idField];
            const instance: StoredInstance = {
              collection: collection.uid,
              page: typeof pageId === 'string' && pageId !== '' ? pageId : String(page.document.documentId),
              documentId: String(page.document.documentId),
              locale,
              status,
              block: index,
              component,
              instanceId: String(meta.id ?? ''),
              package: String(meta.package ?? ''),
              version: String(meta.version ?? ''),
            };
            found.set(key(instance), { ...instance, holds });
          }
        }
      }
    }
  }
  return [...found.values()];
}
