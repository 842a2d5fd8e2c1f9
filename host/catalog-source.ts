import { readFile } from 'node:fs/promises';
import { type Catalog, parseCatalog } from '@runtime-component-catalog/contracts';
import { HostError } from './host-error.js';
import { OriginPolicy } from './internal/origin-policy.js';
import { readUpstreamJson, UpstreamReadFailure, type UpstreamReadOptions } from './internal/read-upstream-json.js';

/**
 * Reads and validates the catalog from its source, every call (the caller caches); `requestId`,
 * the request that causes the read, goes out as `x-request-id` when the source is a URL.
 */
export type CatalogReader = (requestId?: string) => Promise<Catalog>;

/**
 * A reader for a local JSON file or an http(s) URL (docs/design.md `CATALOG_SOURCE`). Failures are
 * HostError `catalog-source-failed` (502 at the routes); a validation failure names every bad
 * field (`Invalid catalog: packages[1].version: must be a semantic version`).
 */
export function createCatalogReader(source: string, options: UpstreamReadOptions): CatalogReader {
  const isUrl = /^https?:\/\//i.test(source);
  // A redirect may move within the catalog's own origin (scheme, host, port), never elsewhere.
  const policy = isUrl ? new OriginPolicy(new URL(source).origin) : undefined;
  const allows = (url: URL) => policy?.allows(url) === true;
  return async function readCatalog(requestId?: string) {
    let json: unknown;
    if (isUrl) {
      let result: Awaited<ReturnType<typeof readUpstreamJson>>;
      try {
        result = await readUpstreamJson(source, options, allows, requestId);
      } catch (error) {
        const reason = error instanceof UpstreamReadFailure ? error.reason : String(error);
        throw new HostError('catalog-source-failed', `Catalog source could not be read: ${reason}`, { cause: error });
      }
      if (!result.found) throw new HostError('catalog-source-failed', 'Catalog source could not be read: HTTP 404');
      json = result.value;
    } else {
      try {
        json = JSON.parse(await readFile(source, 'utf8'));
      } catch (error) {
        const reason = error instanceof SyntaxError ? 'not valid JSON' : 'file unreadable';
        throw new HostError('catalog-source-failed', `Catalog source could not be read: ${reason}`, { cause: error });
      }
    }
    const parsed = parseCatalog(json);
    if (!parsed.ok) throw new HostError('catalog-source-failed', `Invalid catalog: ${parsed.issues.join('; ')}`);
    return parsed.catalog;
  };
}
