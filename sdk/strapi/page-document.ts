import type { ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import { SdkError } from '../sdk-error.js';
import { readComponent, restoreEmptyLists, writeComponent } from './attribute-values.js';
import { isRecord, type PageCollection, type StrapiSchema } from './strapi-schema.js';

/** The package and version of a variant, for a block Strapi's admin added without `cmp_instance`. */
export type VariantResolver = (packageId: string) =>
  | {
      /** The npm package name. */
      package: string;
      /** The exact version. */
      version: string;
    }
  | undefined;

/** What turns pages into Strapi documents and back, for one page collection. */
export interface PageMapping {
  readonly schema: StrapiSchema;
  readonly collection: PageCollection;
  readonly resolveVariant?: VariantResolver;
}

/** Strapi's uid attributes hold only these characters. */
const UID = /^[A-Za-z0-9\-_.~]+$/;

/** The variant a component renders: its name (`hero.hero1` is variant `hero1`, as `scaffold` names them). */
const variantOf = (component: string) => component.slice(component.indexOf('.') + 1);

/** The component of the blocks zone that variant `packageId` renders, or why there is none. */
export function blockComponentOf(
  collection: PageCollection,
  packageId: string,
): { component: string } | { reason: string } {
  const component = collection.blockComponents.find((candidate) => variantOf(candidate) === packageId);
  if (component !== undefined) return { component };
  return {
    reason: `${collection.uid} does not accept ${packageId}: its ${collection.fields.blocksField} zone holds ${collection.blockComponents.join(', ')}`,
  };
}

function unmappable(message: string): SdkError {
  return new SdkError('store-unmappable', `${message}. Nothing was saved`);
}

/** The block of the dynamic zone that stores `instance` (docs/strapi-pages.md "Instance ↔ block"). */
export function blockOfInstance(instance: ComponentInstance, mapping: PageMapping): Record<string, unknown> {
  const where = `Instance ${instance.id} (${instance.packageId})`;
  const found = blockComponentOf(mapping.collection, instance.packageId);
  if ('reason' in found) throw unmappable(`${where}: ${found.reason}`);
  const variant = instance.props.cmp_variant;
  if (variant !== undefined && variant !== instance.packageId) {
    throw unmappable(`${where}: prop cmp_variant is ${JSON.stringify(variant)}, not the instance's variant`);
  }
  const emptyLists: string[] = [];
  const path = { instance: where, prop: '', attribute: '', at: '', empties: emptyLists };
  const props = writeComponent(instance.props, found.component, path, mapping.schema);
  const meta = { id: instance.id, package: instance.package, version: instance.version };
  return {
    // First: Strapi 5.54's input validation refuses a block whose nested component comes before it.
    __component: found.component,
    ...props,
    cmp_instance: emptyLists.length === 0 ? meta : { ...meta, emptyLists },
  };
}

/** The instance a stored block is. */
export function instanceOfBlock(
  block: Record<string, unknown>,
  mapping: PageMapping,
  pageId: string,
): ComponentInstance {
  const component = String(block.__component);
  const packageId = variantOf(component);
  const props = readComponent(block, component, mapping.schema);
  const meta = block.cmp_instance;
  if (
    isRecord(meta) &&
    typeof meta.id === 'string' &&
    typeof meta.package === 'string' &&
    typeof meta.version === 'string'
  ) {
    if (Array.isArray(meta.emptyLists)) restoreEmptyLists(props, meta.emptyLists.map(String));
    return { id: meta.id, packageId, package: meta.package, version: meta.version, props };
  }
  const resolved = mapping.resolveVariant?.(packageId);
  if (resolved === undefined) {
    throw new SdkError(
      'store-unmappable',
      `Page ${pageId}: block ${component} #${String(block.id)} has no cmp_instance (added in Strapi's admin?) and no package is known for variant ${packageId}: give the store resolveVariant`,
    );
  }
  return { id: `cms-${component}-${String(block.id)}`, packageId, ...resolved, props };
}

/** The attributes a save writes: title, page id, the revision it was based on, the blocks. */
export function documentOfPage(page: Page, mapping: PageMapping): Record<string, unknown> {
  const { fields } = mapping.collection;
  if (!UID.test(page.id)) {
    throw unmappable(
      `Page ${JSON.stringify(page.id)}: its id is the ${fields.idField} attribute, a Strapi uid (letters, digits, - _ . ~)`,
    );
  }
  return {
    [fields.titleField]: page.title,
    [fields.idField]: page.id,
    [fields.revisionField]: page.revision,
    [fields.blocksField]: page.content.map((instance) => blockOfInstance(instance, mapping)),
  };
}

/** The page a stored document is. */
export function pageOfDocument(document: Record<string, unknown>, mapping: PageMapping): Page {
  const { fields } = mapping.collection;
  const id = String(document[fields.idField]);
  const blocks = document[fields.blocksField];
  return {
    id,
    title: typeof document[fields.titleField] === 'string' ? (document[fields.titleField] as string) : '',
    revision: Number(document[fields.revisionField] ?? 0),
    updatedAt: String(document.updatedAt),
    content: Array.isArray(blocks) ? blocks.filter(isRecord).map((block) => instanceOfBlock(block, mapping, id)) : [],
  };
}
