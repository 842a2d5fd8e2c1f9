import { readFile } from 'node:fs/promises';
import { type Catalog, parseCatalog } from '@runtime-component-catalog/contracts';

/** A catalog file, validated (every bad field named in the error). */
export async function readCatalogFile(file: string): Promise<Catalog> {
  const parsed = parseCatalog(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.ok) throw new Error(`Invalid catalog ${file}: ${parsed.issues.join('; ')}`);
  return parsed.catalog;
}
