import { ARTIFACT_NAMES, type ArtifactName, type CatalogEntry } from '@runtime-component-catalog/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HostFixture, jsonOf, startHostFixture } from '../testing/host/host-fixture.js';
import { artifactPath } from '../testing/origins/sample-packages.js';

// Spec 3's cache lifecycle table, row by row, counted at a real origin.

let host: HostFixture;
beforeEach(async () => {
  host = await startHostFixture({ packages: 3 });
});
afterEach(async () => {
  await host.close();
});

const pathOf = (index: number, artifact: ArtifactName) => artifactPath(host.catalog.packages[index]!, artifact);
const requestsOf = (index: number) => ARTIFACT_NAMES.map((name) => host.origin.requests(pathOf(index, name)));
const getEntry = async (id: string) => {
  const response = await host.app.request(`/api/runtime-catalog/${id}`);
  expect(response.status).toBe(200);
  return jsonOf<CatalogEntry>(response);
};

describe('spec 3: cache lifecycle of one artifact', () => {
  it('not cached → 2xx → cached; an artifact invalidation refetches exactly that artifact', async () => {
    await Promise.all([getEntry('pkg0'), getEntry('pkg1')]);
    expect(host.origin.requests()).toBe(10);
    host.origin.resetRequests();
    host.origin.put(pathOf(0, 'data.json'), { title: 'republished' });
    expect((await host.revalidate({ packageId: 'pkg0', artifact: 'data.json' })).status).toBe(200);
    const data = await host.app.request('/api/runtime-catalog/pkg0/data.json');
    expect(await data.json()).toEqual({ title: 'republished' });
    await Promise.all([getEntry('pkg0'), getEntry('pkg1')]);
    // descriptor, data, schema, puck, meta
    expect(requestsOf(0)).toEqual([0, 1, 0, 0, 0]);
    expect(requestsOf(1)).toEqual([0, 0, 0, 0, 0]);
    expect(host.origin.requests()).toBe(1);
  });

  it('a package invalidation refetches its five artifacts and no other package', async () => {
    await Promise.all([getEntry('pkg0'), getEntry('pkg1')]);
    host.origin.resetRequests();
    expect((await host.revalidate({ packageId: 'pkg1' })).status).toBe(200);
    await Promise.all([getEntry('pkg0'), getEntry('pkg1')]);
    expect(requestsOf(1)).toEqual([1, 1, 1, 1, 1]);
    expect(requestsOf(0)).toEqual([0, 0, 0, 0, 0]);
  });

  it('not cached → 404 → cached with null; invalidation then fetches the published object', async () => {
    host.origin.remove(pathOf(0, 'schema.json'));
    expect((await host.app.request('/api/runtime-catalog/pkg0/schema.json')).status).toBe(404);
    expect((await host.app.request('/api/runtime-catalog/pkg0/schema.json')).status).toBe(404);
    expect(host.origin.requests(pathOf(0, 'schema.json'))).toBe(1);
    host.origin.put(pathOf(0, 'schema.json'), { type: 'object' });
    await host.revalidate({ packageId: 'pkg0', artifact: 'schema.json' });
    const response = await host.app.request('/api/runtime-catalog/pkg0/schema.json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ type: 'object' });
  });

  it('not cached → other non-2xx → not cached: the next request fetches again', async () => {
    host.origin.fail(pathOf(0, 'puck.json'), { status: 503 });
    expect((await host.app.request('/api/runtime-catalog/pkg0/puck.json')).status).toBe(502);
    expect((await host.app.request('/api/runtime-catalog/pkg0/puck.json')).status).toBe(502);
    expect(host.origin.requests(pathOf(0, 'puck.json'))).toBe(2);
  });

  it('a revalidation that lands during an in-flight fetch wins', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    host.origin.fail(pathOf(0, 'data.json'), { gate });
    const arrived = host.origin.nextRequest(pathOf(0, 'data.json'));
    const inFlight = host.app.request('/api/runtime-catalog/pkg0/data.json');
    await arrived;
    // The publisher uploads and revalidates while the old object is on its way.
    host.origin.put(pathOf(0, 'data.json'), { title: 'new' });
    expect((await host.revalidate({ packageId: 'pkg0', artifact: 'data.json' })).status).toBe(200);
    host.origin.fail(pathOf(0, 'data.json'), undefined);
    const after = await host.app.request('/api/runtime-catalog/pkg0/data.json');
    expect(await after.json()).toEqual({ title: 'new' });
    release();
    await (await inFlight).text();
    // The overtaken fetch was not stored: still the new value, with no further fetch.
    const later = await host.app.request('/api/runtime-catalog/pkg0/data.json');
    expect(await later.json()).toEqual({ title: 'new' });
    expect(host.origin.requests(pathOf(0, 'data.json'))).toBe(2);
  });

  it('a new version in the catalog fetches its own artifacts after a revalidation', async () => {
    await getEntry('pkg0');
    const moved = {
      ...host.catalog,
      packages: host.catalog.packages.map((p) => (p.id === 'pkg0' ? { ...p, version: '2.0.0' } : p)),
    };
    for (const name of ARTIFACT_NAMES) host.origin.put(`/@acme/ui-pkg0@2.0.0/${name}`, { v: 2, name });
    await host.writeCatalog(moved);
    // Until a revalidation, the cached catalog (and so the old version) answers.
    expect((await getEntry('pkg0')).version).toBe('1.0.0');
    await host.revalidate({ packageId: 'pkg0', artifact: 'meta.json' });
    const entry = await getEntry('pkg0');
    expect(entry.version).toBe('2.0.0');
    expect(entry.data.url).toBe(`${host.origin.url}/@acme/ui-pkg0@2.0.0/data.json`);
    for (const name of ARTIFACT_NAMES) expect(host.origin.requests(`/@acme/ui-pkg0@2.0.0/${name}`)).toBe(1);
    expect(requestsOf(0)).toEqual([1, 1, 1, 1, 1]);
  });
});
