import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../diagnostics/diagnostic-code.js';
import type { JsonPath, SourceFile } from '../source/source-file.js';
import { checkVariantMetaSchema } from './variant-meta-schema.js';

/** The fields of a variant meta object (spec 4.4), every one required. */
export const variantMetaFields = [
  'key',
  'name',
  'category',
  'type',
  'kind',
  'description',
  'previewImage',
  'tags',
  'props',
  'schema',
  'availability',
] as const;

/** What a meta is checked against besides its own text. */
export interface VariantMetaContext {
  /** The variant name of its package folder, `ui-<variant>`. */
  readonly variant: string;
  /** The categories of the schema package's components (what generate:types lists). */
  readonly categories: ReadonlySet<string>;
  /**
   * The component ids (`category.name`) that some dynamic zone accepts: a meta of such a component
   * must say `dynamic-zone`, any other `global` (what registry:global derives). Absent: not checked.
   */
  readonly inDynamicZones?: ReadonlySet<string>;
}

/** `category:name`, each part like a component id's. */
const keyPattern = /^[a-z][a-z0-9-]*:[a-z][a-z0-9-]*$/;
const variantTypes: readonly string[] = ['dynamic-zone', 'global'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An absolute http(s) URL with a host: the image is not fetched, so its extension is not asked for. */
/** A preview that travels inside the catalog: an image `data:` URI, at most this long. */
const DATA_PREVIEW = /^data:image\/(svg\+xml|png|jpeg|gif|webp)[;,]/;
export const DATA_PREVIEW_MAX_CHARS = 16 * 1024;

/** previewImage: an image host's absolute http(s) URL, or a small image `data:` URI (no image host needed). */
function isPreviewUrl(value: string): boolean {
  return isHttpUrl(value) || (DATA_PREVIEW.test(value) && value.length <= DATA_PREVIEW_MAX_CHARS);
}

function isHttpUrl(value: string): boolean {
  if (value.trim() !== value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Every element of the array at `path` that is not a non-empty string, at its position. */
function nonStrings(file: SourceFile, path: JsonPath, code: DiagnosticCode, what: string): Diagnostic[] {
  const list = file.valueAt(path) as unknown[];
  return list.flatMap((item, index) =>
    typeof item === 'string' && item !== ''
      ? []
      : [file.diagnostic([...path, index], code, `${what} must be a non-empty string`)],
  );
}

/**
 * One variant's meta.json against spec 4.4's fields, every failure at its position: a missing
 * field at the object, a wrong one at its value. Keys beyond the spec's (`label`, `status`,
 * `owner`…) are left alone. Duplicate keys across variants are checked by validateVariantMetas.
 */
export function validateVariantMeta(file: SourceFile, context: VariantMetaContext): Diagnostic[] {
  if (file.syntaxError) return [file.syntaxError];
  const found = file.duplicateKeys();
  const data = file.data;
  if (!isObject(data)) return [...found, file.diagnostic([], 'meta-invalid', 'must be an object: the variant meta')];
  const at = (path: JsonPath, code: DiagnosticCode, message: string) =>
    found.push(file.diagnostic(path, code, message));
  for (const field of variantMetaFields) {
    if (!Object.hasOwn(data, field)) at([], 'meta-field-missing', `missing the field "${field}" (spec 4.4)`);
  }
  const { key, name, category, type, kind, description, previewImage, tags, props, availability } = data;

  if (name !== undefined && name !== context.variant)
    at(
      ['name'],
      'meta-name-invalid',
      `"name" must be "${context.variant}", the variant of its folder ui-${context.variant}`,
    );
  if (category !== undefined) {
    if (typeof category !== 'string' || !context.categories.has(category)) {
      const known = [...context.categories].sort().join(', ') || 'none';
      at(['category'], 'meta-category-invalid', `"category" must be a category of the components (known: ${known})`);
    }
  }
  if (key !== undefined) {
    // Against the folder's variant and a known category, so that a wrong name or category is one
    // failure, at that field, and not a second one at `key`.
    const expected = `${category}:${context.variant}`;
    if (typeof key !== 'string' || !keyPattern.test(key))
      at(['key'], 'meta-key-invalid', '"key" must be "category:name" (lowercase letters, digits and -)');
    else if (typeof category === 'string' && context.categories.has(category) && key !== expected)
      at(['key'], 'meta-key-invalid', `"key" must be "${expected}", its category and variant name`);
  }
  if (type !== undefined && !variantTypes.includes(type as string))
    at(['type'], 'meta-type-invalid', '"type" must be "dynamic-zone" or "global"');
  else if (type !== undefined && typeof category === 'string' && context.inDynamicZones !== undefined) {
    const id = `${category}.${context.variant}`;
    const expected = context.inDynamicZones.has(id) ? 'dynamic-zone' : 'global';
    if (type !== expected)
      at(
        ['type'],
        'meta-type-invalid',
        expected === 'global'
          ? `"type" must be "global": no dynamic zone accepts ${id} (registry:global says so too)`
          : `"type" must be "dynamic-zone": a dynamic zone accepts ${id} (registry:global says so too)`,
      );
  }
  if (kind !== undefined && kind !== 'component') at(['kind'], 'meta-kind-invalid', '"kind" must be "component"');
  if (description !== undefined && typeof description !== 'string')
    at(['description'], 'meta-description-invalid', '"description" must be a string');
  if (previewImage !== undefined && (typeof previewImage !== 'string' || !isPreviewUrl(previewImage)))
    at(
      ['previewImage'],
      'meta-preview-image-invalid',
      '"previewImage" must be an absolute http(s) URL or an image data: URI of at most 16 KiB',
    );
  if (tags !== undefined) {
    if (!Array.isArray(tags)) at(['tags'], 'meta-tags-invalid', '"tags" must be an array of strings');
    else found.push(...nonStrings(file, ['tags'], 'meta-tags-invalid', 'a tag'));
  }
  if (props !== undefined && !isObject(props))
    at(['props'], 'meta-props-invalid', '"props" must be an object: the default data');
  if (availability !== undefined) {
    const plans = isObject(availability) ? availability.plans : undefined;
    if (!Array.isArray(plans))
      at(
        isObject(availability) && plans !== undefined ? ['availability', 'plans'] : ['availability'],
        'meta-availability-invalid',
        '"availability" must be {"plans": [plan names]}',
      );
    else found.push(...nonStrings(file, ['availability', 'plans'], 'meta-availability-invalid', 'a plan name'));
  }
  found.push(...checkVariantMetaSchema(file));
  return found;
}
