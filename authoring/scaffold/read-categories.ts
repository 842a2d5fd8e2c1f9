import { readFile } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import type { AuthoringConfig } from '../config/authoring-config.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { variantPattern } from '../model/variant-package.js';
import { failure, type Result, success } from '../result.js';

/**
 * The categories generate:types wrote (`<types>/categories.json`), sorted, or a
 * `scaffold-categories-missing` diagnostic when that file is missing or not the category list.
 */
export async function readCategories(root: string, config: AuthoringConfig): Promise<Result<string[], Diagnostic>> {
  const path = posix.join(config.types, 'categories.json');
  const missing = (message: string) =>
    failure<Diagnostic>({ path, line: 1, column: 1, code: 'scaffold-categories-missing', message });
  let text: string;
  try {
    text = await readFile(resolve(root, path), 'utf8');
  } catch {
    return missing('is missing: run generate:types first (it lists the categories)');
  }
  let categories: unknown;
  try {
    categories = (JSON.parse(text) as { categories?: unknown }).categories;
  } catch {
    categories = undefined;
  }
  if (typeof categories !== 'object' || categories === null || Array.isArray(categories))
    return missing('is not the category list generate:types writes: run generate:types');
  // Only names that are safe in a path and a package name (what a component category is anyway).
  return success(
    Object.keys(categories)
      .filter((name) => variantPattern.test(name))
      .sort(),
  );
}
