import { type CatalogPackage, parseCatalog } from '@runtime-component-catalog/contracts';
import { AuthoringError } from '../authoring-error.js';
import { jsonBytes } from './content-hash.js';

/** The catalog after a publish: its bytes, and whether they differ from the store's. */
export interface CatalogUpdate {
  readonly bytes: Uint8Array;
  readonly changed: boolean;
  /** The externals module URLs carry (the catalog's `defaultExternals`). */
  readonly defaultExternals: readonly string[];
}

/**
 * The store's catalog (`current`, undefined when there is none yet) with `entry` in it: the
 * package of the same id updated in place (its other keys, the other packages and unknown keys kept
 * as they are), or appended. A catalog that is not a valid catalog, or an id that another package name holds, is
 * refused: publish never overwrites what it cannot read.
 */
export function updateCatalog(
  current: Uint8Array | undefined,
  entry: CatalogPackage,
  externals: readonly string[],
  key: string,
): CatalogUpdate {
  if (current === undefined) {
    return {
      bytes: jsonBytes({ defaultExternals: externals, packages: [entry] }),
      changed: true,
      defaultExternals: externals,
    };
  }
  let raw: { packages: Record<string, unknown>[]; [key: string]: unknown };
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(current));
  } catch (error) {
    throw new AuthoringError(
      'store-failed',
      `${key} in the store is not JSON (${(error as Error).message}): fix it first`,
    );
  }
  const parsed = parseCatalog(raw);
  if (!parsed.ok)
    throw new AuthoringError('store-failed', `${key} in the store is not a catalog: ${parsed.issues.join('; ')}`);
  const index = parsed.catalog.packages.findIndex((pkg) => pkg.id === entry.id);
  const existing = parsed.catalog.packages[index];
  if (existing !== undefined && existing.package !== entry.package) {
    throw new AuthoringError(
      'publish-invalid-variant',
      `${key}: id "${entry.id}" belongs to ${existing.package}, not ${entry.package}`,
    );
  }
  const same =
    existing !== undefined &&
    (Object.keys(entry) as (keyof CatalogPackage)[]).every((field) => existing[field] === entry[field]);
  if (same) return { bytes: current, changed: false, defaultExternals: parsed.catalog.defaultExternals };
  const packages = [...raw.packages];
  if (index === -1) packages.push({ ...entry });
  else packages[index] = { ...raw.packages[index], ...entry };
  return { bytes: jsonBytes({ ...raw, packages }), changed: true, defaultExternals: parsed.catalog.defaultExternals };
}
