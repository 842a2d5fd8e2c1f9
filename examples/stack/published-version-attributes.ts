import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VersionAttributesByKey } from '../../sdk/strapi/version-attributes.js';
import { readCatalogFile } from './read-catalog-file.js';

/** A JSON file of the store, or undefined when it is absent. */
async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  return text === undefined ? undefined : JSON.parse(text);
}

/**
 * The Strapi attributes snapshot of every version published into the artifacts store at
 * `artifactsDir`, by `<package>@<version>`: for each package of its catalog, the versions of its
 * index (`<package>/versions.json`) that have `<package>@<version>/strapi-attributes.json`. The
 * Strapi page store maps an instance on its own version's attributes with them (docs/strapi-pages.md).
 */
export async function publishedVersionAttributes(artifactsDir: string): Promise<VersionAttributesByKey> {
  const catalog = await readCatalogFile(join(artifactsDir, 'catalog.json'));
  const records: Record<string, VersionAttributesByKey[string]> = {};
  for (const pkg of new Set(catalog.packages.map((entry) => entry.package))) {
    const index = (await readJson(join(artifactsDir, pkg, 'versions.json'))) as { versions?: unknown } | undefined;
    const versions = Array.isArray(index?.versions) ? index.versions.filter((v) => typeof v === 'string') : [];
    for (const version of versions) {
      const record = (await readJson(join(artifactsDir, `${pkg}@${version}`, 'strapi-attributes.json'))) as
        | { component?: unknown; attributes?: unknown }
        | undefined;
      if (typeof record?.component !== 'string' || typeof record.attributes !== 'object' || record.attributes === null)
        continue;
      records[`${pkg}@${version}`] = {
        component: record.component,
        attributes: record.attributes as Record<string, unknown>,
      };
    }
  }
  return records;
}
