import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { CanonicalModel } from '../model/canonical-model.js';
import type { SchemaPackageFiles } from '../source/schema-package-files.js';
import { sourceLayout } from '../source/source-layout.js';
import { readVariantMetas } from './read-variant-metas.js';
import { validateVariantMeta } from './validate-variant-meta.js';

/** The variant metas checked: how many variants, and every failure (unsorted). */
export interface ValidatedVariantMetas {
  readonly variants: number;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The categories a meta may name: those of the components (what generate:types writes to
 * categories.json), plus the folder category of a component file that could not be read, which
 * is reported in its own file and not again in every meta of that category.
 */
export function knownCategories(files: SchemaPackageFiles, model: CanonicalModel): Set<string> {
  const categories = new Set(model.components.map((component) => component.category));
  const parsed = new Set(model.components.map((component) => component.file));
  const prefix = `${sourceLayout.componentsDir}/`;
  for (const file of files.components) {
    if (parsed.has(file)) continue;
    const parts = file.path.slice(prefix.length).split('/');
    const [category] = parts;
    if (parts.length === 2 && category !== undefined) categories.add(category);
  }
  return categories;
}

/** The component ids that some dynamic zone of a component or collection accepts. */
export function componentsInDynamicZones(model: CanonicalModel): Set<string> {
  const ids = new Set<string>();
  for (const owner of [...model.components, ...model.collections]) {
    for (const attribute of owner.attributes) {
      if (attribute.type === 'dynamiczone') for (const id of attribute.components) ids.add(id);
    }
  }
  return ids;
}

/**
 * Every variant package's meta.json under `packagesDir` against spec 4.4's fields, and `key`
 * unique across them: a repeated key is reported at the later variant (by folder name), naming the
 * file of the first. A variant package without meta.json is `meta-missing`.
 */
export async function validateVariantMetas(
  root: string,
  packagesDir: string,
  categories: ReadonlySet<string>,
  inDynamicZones?: ReadonlySet<string>,
): Promise<ValidatedVariantMetas> {
  const metas = await readVariantMetas(root, packagesDir);
  const diagnostics: Diagnostic[] = [];
  const firstByKey = new Map<string, string>();
  for (const { variant, path, file } of metas) {
    if (file === undefined) {
      diagnostics.push({
        path,
        line: 1,
        column: 1,
        code: 'meta-missing',
        message: `variant ${variant} has no meta.json (spec 4.4 step 8)`,
      });
      continue;
    }
    diagnostics.push(
      ...validateVariantMeta(file, { variant, categories, ...(inDynamicZones ? { inDynamicZones } : {}) }),
    );
    const key = (file.data as { key?: unknown } | undefined)?.key;
    if (typeof key !== 'string') continue;
    const first = firstByKey.get(key);
    if (first === undefined) firstByKey.set(key, path);
    else
      diagnostics.push(file.diagnostic(['key'], 'meta-key-duplicate', `key "${key}" is already the key of ${first}`));
  }
  return { variants: metas.length, diagnostics };
}
