import { ARTIFACT_NAMES, type CatalogEntry, type ErrorBody } from '@runtime-component-catalog/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureConfig, type HostFixture, jsonOf, startHostFixture } from '../../testing/host/host-fixture.js';
import { artifactPath, samplePackage } from '../../testing/origins/sample-packages.js';
import { createHostApp } from '../host-app.js';

// docs/design.md HTTP contract: `GET /api/runtime-catalog/<id>?version=<semver>` answers the entry
// of a published version of the package from the same stores and the same tagged cache.

let host: HostFixture;
beforeEach(async () => {
  host = await startHostFixture({ packages: 3 });
});
afterEach(async () => {
  await host.close();
});

const entry = '/api/runtime-catalog/pkg0';

/** Publishes pkg0 at `version` on the origin, with an owner of its own in meta.json. */
function publish(version: string): void {
  const { pkg, artifacts } = samplePackage(0, version);
  for (const name of ARTIFACT_NAMES) host.origin.put(artifactPath(pkg, name), artifacts[name]);
  host.origin.put(artifactPath(pkg, 'meta.json'), { ...artifacts['meta.json'], owner: `team-${version}` });
}

const invalidVersion: ErrorBody = {
  error: 'Invalid version: expected one exact semver version, such as 1.2.0',
  code: 'invalid-version',
};

describe('GET /api/runtime-catalog/<id>?version=<semver>', () => {
  it("answers that version's entry: the catalog's data, the version's artifacts and module URL", async () => {
    publish('0.9.0');
    const response = await host.app.request(`${entry}?version=0.9.0`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-host-api-version')).toBe('1.0.0');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const body = await jsonOf<CatalogEntry>(response);
    const base = `${host.origin.url}/@acme/ui-pkg0@0.9.0`;
    expect(body).toMatchObject({
      id: 'pkg0',
      package: '@acme/ui-pkg0',
      version: '0.9.0',
      category: 'hero',
      owner: 'team-0.9.0',
    });
    for (const name of ['schema', 'puck', 'data', 'meta'] as const) expect(body[name].url).toBe(`${base}/${name}.json`);
    expect(body.module.url).toMatch(/^http:\/\/127\.0\.0\.1:9\/esm\/@acme\/ui-pkg0@0\.9\.0\?target=es2022&external=/);
    // The catalog's version is another value, with another ETag; each answers its own 304.
    const plain = await host.app.request(entry);
    expect((await jsonOf<CatalogEntry>(plain)).version).toBe('1.0.0');
    const etag = response.headers.get('etag')!;
    expect(plain.headers.get('etag')).not.toBe(etag);
    const notModified = await host.app.request(`${entry}?version=0.9.0`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(etag);
  });

  it("answers the catalog's own version exactly as the plain route, from the same cache value", async () => {
    const plain = await host.app.request(entry);
    const versioned = await host.app.request(`${entry}?version=1.0.0`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect(await versioned.text()).toBe(await plain.text());
    expect(host.origin.requests()).toBe(5);
  });

  it('answers a warm version without a promise, and ignores other query parameters', async () => {
    publish('0.9.0');
    // As catalog-host makes it: no request-log middleware (the process logs), so one handler a route.
    host.origin.put('/catalog.json', host.catalog);
    const app = createHostApp(fixtureConfig(`${host.origin.url}/catalog.json`, host.origin.url));
    const cold = await app.request(`${entry}?version=0.9.0`);
    const warm = app.fetch(new Request(`http://127.0.0.1${entry}?utm=x&version=0.9.0&version_=2`));
    expect(warm).toBeInstanceOf(Response);
    const body = await cold.text();
    expect(await (warm as Response).text()).toBe(body);
    expect((JSON.parse(body) as CatalogEntry).version).toBe('0.9.0');
    const other = await app.request(`${entry}?v=0.9.0&versions=2`);
    expect((await jsonOf<CatalogEntry>(other)).version).toBe('1.0.0');
  });

  it('accepts a published prerelease', async () => {
    publish('1.1.0-beta.1');
    const response = await host.app.request(`${entry}?version=1.1.0-beta.1`);
    expect(response.status).toBe(200);
    expect((await jsonOf<CatalogEntry>(response)).version).toBe('1.1.0-beta.1');
  });

  it('refuses anything but one exact version with 400 invalid-version, before any read', async () => {
    const queries = [
      'version=',
      'version',
      'version=%5E1.0.0',
      'version=^1.0.0',
      'version=1.x',
      'version=1.0',
      'version=v1.0.0',
      'version=%201.0.0',
      'version=1.0.0%2Bbuild.1',
      'version=1.0.0+build.1',
      'version=01.0.0',
      'version=latest',
      'version=1.0.0&version=1.0.0',
      `version=1.0.0-${'a'.repeat(300)}`,
      `version=${'9'.repeat(10_000)}.0.0`,
    ];
    for (const query of queries) {
      const response = await host.app.request(`${entry}?${query}`);
      expect([query, response.status, await response.json()]).toEqual([query, 400, invalidVersion]);
    }
    // Checked before the package: the request is malformed whatever the id.
    const unknown = await host.app.request('/api/runtime-catalog/nope?version=^1');
    expect(await unknown.json()).toEqual(invalidVersion);
    expect(host.origin.requests()).toBe(0);
  });

  it('answers 404 unknown-version when its descriptor.json is 404, after one origin request', async () => {
    const missing = await host.app.request(`${entry}?version=9.9.9`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Unknown version of pkg0: 9.9.9', code: 'unknown-version' });
    expect(host.origin.counts()).toEqual({ '/@acme/ui-pkg0@9.9.9/descriptor.json': 1 });
    // The 404 is cached like any artifact's; publishing then revalidating the package serves it.
    expect((await host.app.request(`${entry}?version=9.9.9`)).status).toBe(404);
    expect(host.origin.requests()).toBe(1);
    publish('9.9.9');
    expect((await host.revalidate({ packageId: 'pkg0' })).status).toBe(200);
    expect((await host.app.request(`${entry}?version=9.9.9`)).status).toBe(200);
  });

  it('answers a version asked for after many others, once from the origin (the kept keys are bounded)', async () => {
    for (let patch = 0; patch < 20; patch += 1)
      expect((await host.app.request(`${entry}?version=9.9.${patch}`)).status).toBe(404);
    publish('0.9.0');
    for (let i = 0; i < 2; i += 1) {
      const response = await host.app.request(`${entry}?version=0.9.0`);
      expect((await jsonOf<CatalogEntry>(response)).owner).toBe('team-0.9.0');
    }
    expect(host.origin.requests('/@acme/ui-pkg0@0.9.0/descriptor.json')).toBe(1);
    expect(host.origin.requests('/@acme/ui-pkg0@9.9.19/descriptor.json')).toBe(1);
  });

  it('answers 404 unknown-package for an id the catalog does not have', async () => {
    const response = await host.app.request('/api/runtime-catalog/nope?version=1.0.0');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Unknown package: nope', code: 'unknown-package' });
  });

  it("answers 502 artifact-load-failed when one of the version's artifacts fails", async () => {
    publish('0.9.0');
    host.origin.fail('/@acme/ui-pkg0@0.9.0/meta.json', { status: 500 });
    const response = await host.app.request(`${entry}?version=0.9.0`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: 'Failed to load meta.json for package pkg0: HTTP 500',
      code: 'artifact-load-failed',
    });
  });

  it('is dropped with every other version by a revalidation of the package or of one artifact', async () => {
    publish('0.9.0');
    const paths = [entry, `${entry}?version=0.9.0`];
    for (const path of paths) expect((await host.app.request(path)).status).toBe(200);
    host.origin.resetRequests();
    for (const path of paths) expect((await host.app.request(path)).status).toBe(200);
    expect(host.origin.requests()).toBe(0);
    expect((await host.revalidate({ packageId: 'pkg0' })).status).toBe(200);
    for (const path of paths) expect((await host.app.request(path)).status).toBe(200);
    // Five artifacts of each version.
    expect(host.origin.requests()).toBe(10);
    host.origin.resetRequests();
    expect((await host.revalidate({ packageId: 'pkg0', artifact: 'data.json' })).status).toBe(200);
    for (const path of paths) expect((await host.app.request(path)).status).toBe(200);
    expect(host.origin.counts()).toEqual({
      '/@acme/ui-pkg0@1.0.0/data.json': 1,
      '/@acme/ui-pkg0@0.9.0/data.json': 1,
    });
  });
});
