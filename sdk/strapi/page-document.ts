import type { ComponentInstance, Page } from '@runtime-component-catalog/contracts';
import { SdkError } from '../sdk-error.js';
import { readComponent, restoreEmptyLists, type VersionScope, writeComponent } from './attribute-values.js';
import type { KeptValues } from './kept-values.js';
import { isRecord, type PageCollection, type StrapiSchema } from './strapi-schema.js';
import { propAttributesOf, type VersionAttributesByKey } from './version-attributes.js';

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
  /** Each published version's attributes: an instance's props are its version's (docs/strapi-pages.md). */
  readonly versionAttributes?: VersionAttributesByKey;
  /** The values read outside each instance's props, sent back on save; none kept without it. */
  readonly kept?: KeptValues;
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

/**
 * The block of the dynamic zone that stores `instance` of page `pageId` (docs/strapi-pages.md
 * "Instance ↔ block"): its version's attributes from its props, the others as the store read them.
 */
export function blockOfInstance(
  instance: ComponentInstance,
  mapping: PageMapping,
  pageId: string,
): Record<string, unknown> {
  const where = `Instance ${instance.id} (${instance.packageId})`;
  const found = blockComponentOf(mapping.collection, instance.packageId);
  if ('reason' in found) throw unmappable(`${where}: ${found.reason}`);
  const variant = instance.props.cmp_variant;
  if (variant !== undefined && variant !== instance.packageId) {
    throw unmappable(`${where}: prop cmp_variant is ${JSON.stringify(variant)}, not the instance's variant`);
  }
  const emptyLists: string[] = [];
  const path = { instance: where, prop: '', attribute: '', at: '', empties: emptyLists };
  const props = writeComponent(
    instance.props,
    found.component,
    path,
    mapping.schema,
    scopeOf(instance, found.component, mapping, pageId),
  );
  const meta = { id: instance.id, package: instance.package, version: instance.version };
  return {
    // First: Strapi 5.54's input validation refuses a block whose nested component comes before it.
    __component: found.component,
    ...props,
    cmp_instance: emptyLists.length === 0 ? meta : { ...meta, emptyLists },
  };
}

/** The version scope of an instance whose version has a record, else undefined (every attribute a prop). */
function scopeOf(
  instance: ComponentInstance,
  component: string,
  mapping: PageMapping,
  pageId: string,
): VersionScope | undefined {
  const props = propAttributesOf(mapping.versionAttributes, instance.package, instance.version, component);
  if (props === undefined) return undefined;
  const kept = mapping.kept?.valuesOf(pageId, instance.id, instance.version) ?? {};
  return { props, at: `${instance.package}@${instance.version}`, kept };
}

/** The instance a stored block is; the values outside its version's props go to `mapping.kept`. */
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
    const own = propAttributesOf(mapping.versionAttributes, meta.package, meta.version, component);
    // In the version's attribute order: a later generate moves a deprecated attribute last.
    const versionProps: Record<string, unknown> = own === undefined ? props : {};
    for (const name of own ?? []) if (name in props) versionProps[name] = props[name];
    const outside = Object.fromEntries(Object.entries(props).filter(([name]) => own !== undefined && !own.has(name)));
    mapping.kept?.keep(pageId, meta.id, meta.version, outside);
    if (Array.isArray(meta.emptyLists)) restoreEmptyLists(versionProps, meta.emptyLists.map(String));
    return { id: meta.id, packageId, package: meta.package, version: meta.version, props: versionProps };
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
    [fields.blocksField]: page.content.map((instance) => blockOfInstance(instance, mapping, page.id)),
  };
}

/** The page a stored document is. */
export function pageOfDocument(document: Record<string, unknown>, mapping: PageMapping): Page {
  const { fields } = mapping.collection;
  const id = String(document[fields.idField]);
  const blocks = document[fields.blocksField];
  mapping.kept?.reset(id);
  return {
    id,
    title: typeof document[fields.titleField] === 'string' ? (document[fields.titleField] as string) : '',
    revision: Number(document[fields.revisionField] ?? 0),
    updatedAt: String(document.updatedAt),
    content: Array.isArray(blocks) ? blocks.filter(isRecord).map((block) => instanceOfBlock(block, mapping, id)) : [],
  };
}
