import type { CatalogEntry, ErrorBody, RuntimeCatalogResponse } from '@runtime-component-catalog/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HostFixture, jsonOf, startHostFixture } from '../testing/host/host-fixture.js';
import { startArtifactsOrigin } from '../testing/origins/artifacts-origin.js';
import { artifactPath } from '../testing/origins/sample-packages.js';

let host: HostFixture;
beforeEach(async () => {
  host = await startHostFixture({ packages: 4 });
});
afterEach(async () => {
  await host.close();
});

const getCatalog = async (): Promise<RuntimeCatalogResponse> => {
  const response = await host.app.request('/api/runtime-catalog');
  expect(response.status).toBe(200);
  return jsonOf<RuntimeCatalogResponse>(response);
};

describe('GET /api/runtime-catalog', () => {
  it('returns every entry, in catalog order, with the same bodies as the entry route', async () => {
    const built = await getCatalog();
    expect(built.failures).toEqual([]);
    expect(built.entries.map((entry) => entry.id)).toEqual(['pkg0', 'pkg1', 'pkg2', 'pkg3']);
    const single = await (await host.app.request('/api/runtime-catalog/pkg2')).json();
    expect(built.entries[2]).toEqual(single);
    expect(host.origin.requests()).toBe(20);
    await getCatalog();
    expect(host.origin.requests()).toBe(20);
  });

  it('lists a failing package in failures, returns the others, and caches nothing failed', async () => {
    const meta1 = artifactPath(host.catalog.packages[1]!, 'meta.json');
    host.origin.fail(meta1, { status: 500 });
    const first = await getCatalog();
    expect(first.entries.map((entry) => entry.id)).toEqual(['pkg0', 'pkg2', 'pkg3']);
    expect(first.failures).toEqual([
      { packageId: 'pkg1', error: 'Failed to load meta.json for package pkg1: HTTP 500' },
    ]);
    host.origin.resetRequests();
    // Not cached: the build is made again and the failed artifact fetched again (the rest is cached).
    await getCatalog();
    expect(host.origin.requests()).toBe(1);
    host.origin.fail(meta1, undefined);
    const healed = await getCatalog();
    expect(healed.failures).toEqual([]);
    expect(healed.entries).toHaveLength(4);
    expect(host.origin.requests()).toBe(2);
    await getCatalog();
    expect(host.origin.requests()).toBe(2);
  });

  it('is dropped by any artifact revalidation, refetching only that artifact', async () => {
    await getCatalog();
    const meta3 = artifactPath(host.catalog.packages[3]!, 'meta.json');
    host.origin.put(meta3, { status: 'deprecated', owner: 'team-b' });
    host.origin.resetRequests();
    const etag = (await host.app.request('/api/runtime-catalog')).headers.get('etag')!;
    await host.revalidate({ packageId: 'pkg3', artifact: 'meta.json' });
    const after = await host.app.request('/api/runtime-catalog', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    const built = await jsonOf<RuntimeCatalogResponse>(after);
    expect(built.entries[3]).toMatchObject({ id: 'pkg3', status: 'deprecated', owner: 'team-b' });
    expect(built.entries[2]).toMatchObject({ id: 'pkg2', status: 'active' });
    expect(host.origin.requests()).toBe(1);
    expect(host.origin.requests(meta3)).toBe(1);
  });

  it('reads the catalog from an http(s) source too', async () => {
    await host.close();
    host = await startHostFixture({ packages: 1, catalogOverHttp: true });
    await host.writeCatalog({ defaultExternals: ['react'], packages: host.catalog.packages });
    const response = await host.app.request('/api/runtime-catalog/pkg0');
    expect(response.status).toBe(200);
    expect((await jsonOf<CatalogEntry>(response)).module.url).toBe(
      'http://127.0.0.1:9/esm/@acme/ui-pkg0@1.0.0?target=es2022&external=react',
    );
    host.origin.fail('/catalog.json', { status: 500 });
    await host.revalidate({ packageId: 'pkg0' });
    const failed = await host.app.request('/api/runtime-catalog/pkg0');
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      error: 'Catalog source could not be read: HTTP 500',
      code: 'catalog-source-failed',
    });
  });

  it('holds the catalog source’s redirects to its own origin: elsewhere is a 502, never requested', async () => {
    await host.close();
    host = await startHostFixture({ packages: 1, catalogOverHttp: true });
    const elsewhere = await startArtifactsOrigin({
      objects: { '/catalog.json': { defaultExternals: [], packages: [] } },
    });
    try {
      host.origin.fail('/catalog.json', { redirect: `${elsewhere.url}/catalog.json` });
      const failed = await host.app.request('/api/runtime-catalog');
      expect(failed.status).toBe(502);
      expect(await failed.json()).toEqual({
        error: `Catalog source could not be read: HTTP 302 redirect to ${elsewhere.url}, outside the origin`,
        code: 'catalog-source-failed',
      });
      expect(elsewhere.requests()).toBe(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('answers 502 when the catalog source cannot be read, naming the bad field', async () => {
    await host.writeCatalog({ defaultExternals: [], packages: [{ id: 'x' }] } as never);
    await host.revalidate({ packageId: 'x' });
    const response = await host.app.request('/api/runtime-catalog');
    expect(response.status).toBe(502);
    expect((await jsonOf<ErrorBody>(response)).error).toBe(
      'Invalid catalog: packages[0].label: is required (string); packages[0].package: is required (string); packages[0].version: is required (string); packages[0].category: is required (string)',
    );
    const entry = await host.app.request('/api/runtime-catalog/x');
    expect(entry.status).toBe(502);
  });
});
