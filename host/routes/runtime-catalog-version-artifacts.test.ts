import { ARTIFACT_NAMES, type ErrorBody } from '@runtime-component-catalog/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HostFixture, jsonOf, startHostFixture } from '../../testing/host/host-fixture.js';
import { artifactPath, samplePackage } from '../../testing/origins/sample-packages.js';

// docs/design.md HTTP contract: `GET /api/runtime-catalog/<id>/<artifact>?version=<semver>` answers
// that artifact of a published version of the package, from the same tagged cache as its entry.

let host: HostFixture;
beforeEach(async () => {
  host = await startHostFixture({ packages: 3 });
});
afterEach(async () => {
  await host.close();
});

const route = (artifact: string, query = '') => `/api/runtime-catalog/pkg0/${artifact}${query}`;
const older = samplePackage(0, '0.9.0');
const olderPath = (artifact: (typeof ARTIFACT_NAMES)[number]) => artifactPath(older.pkg, artifact);

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

describe('GET /api/runtime-catalog/<id>/<artifact>?version=<semver>', () => {
  it("answers that version's artifact after its descriptor.json, with its own ETag and 304", async () => {
    publish('0.9.0');
    const response = await host.app.request(route('meta.json', '?version=0.9.0'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-host-api-version')).toBe('1.0.0');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await jsonOf(response)).toEqual({ ...older.artifacts['meta.json'], owner: 'team-0.9.0' });
    expect(host.origin.counts()).toEqual({ [olderPath('descriptor.json')]: 1, [olderPath('meta.json')]: 1 });
    // Warm: no origin request; the catalog's version is another value with another ETag.
    const etag = response.headers.get('etag')!;
    const notModified = await host.app.request(route('meta.json', '?version=0.9.0'), {
      headers: { 'if-none-match': etag },
    });
    expect([notModified.status, notModified.headers.get('etag')]).toEqual([304, etag]);
    const plain = await host.app.request(route('meta.json'));
    expect((await jsonOf<{ owner: string }>(plain)).owner).toBe('team-acme');
    expect(plain.headers.get('etag')).not.toBe(etag);
    expect(host.origin.requests()).toBe(3);
  });

  it('answers the puck.json and descriptor.json of that version, from the cache its entry filled', async () => {
    publish('0.9.0');
    expect((await host.app.request('/api/runtime-catalog/pkg0?version=0.9.0')).status).toBe(200);
    host.origin.resetRequests();
    const puck = await host.app.request(route('puck.json', '?version=0.9.0'));
    expect([puck.status, await puck.json()]).toEqual([200, older.artifacts['puck.json']]);
    const descriptor = await host.app.request(route('descriptor.json', '?version=0.9.0'));
    expect([descriptor.status, await descriptor.json()]).toEqual([200, older.artifacts['descriptor.json']]);
    expect(host.origin.requests()).toBe(0);
  });

  it("answers the catalog's own version exactly as the plain route, without a descriptor check", async () => {
    const plain = await host.app.request(route('data.json'));
    const versioned = await host.app.request(route('data.json', '?version=1.0.0'));
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect(await versioned.text()).toBe(await plain.text());
    expect(host.origin.counts()).toEqual({ '/@acme/ui-pkg0@1.0.0/data.json': 1 });
  });

  it('accepts a published prerelease and ignores other query parameters', async () => {
    publish('1.1.0-beta.1');
    const response = await host.app.request(route('meta.json', '?utm=x&version=1.1.0-beta.1&version_=2'));
    expect(response.status).toBe(200);
    expect((await jsonOf<{ owner: string }>(response)).owner).toBe('team-1.1.0-beta.1');
  });

  it('refuses anything but one exact version with 400 invalid-version, before any read', async () => {
    const queries = [
      'version=',
      'version',
      'version=%5E1.0.0',
      'version=^1.0.0',
      'version=1.x',
      'version=v1.0.0',
      'version=%201.0.0',
      'version=1.0.0%2Bbuild.1',
      'version=1.0.0+build.1',
      'version=latest',
      'version=1.0.0&version=0.9.0',
      'version=1.0.0/../../1.0.0',
      'version=1.0.0-a..b',
      'version=1.0.0%2F..%2Fx',
      'version=1.0.0%00',
      'version=1.0.0%0D%0Ax-forged:1',
      'version=1.0.0-%C3%A9',
      `version=1.0.0-${'a'.repeat(300)}`,
    ];
    for (const query of queries) {
      const response = await host.app.request(route('puck.json', `?${query}`));
      expect([query, response.status, await response.json()]).toEqual([query, 400, invalidVersion]);
    }
    // The path is read first: an invalid artifact name wins over an invalid version.
    const badName = await host.app.request(route('index.js', '?version=^1'));
    expect(await badName.json()).toEqual({ error: 'Invalid artifact name', code: 'invalid-artifact-name' });
    // Checked before the package: the request is malformed whatever the id.
    const unknown = await host.app.request('/api/runtime-catalog/nope/puck.json?version=^1');
    expect(await unknown.json()).toEqual(invalidVersion);
    expect(host.origin.requests()).toBe(0);
  });

  it('answers 404 unknown-version, not artifact-not-found, when its descriptor.json is 404', async () => {
    const unknownVersion: ErrorBody = { error: 'Unknown version of pkg0: 9.9.9', code: 'unknown-version' };
    for (const artifact of ['puck.json', 'descriptor.json', 'puck.json']) {
      const response = await host.app.request(route(artifact, '?version=9.9.9'));
      expect([artifact, response.status, await response.json()]).toEqual([artifact, 404, unknownVersion]);
    }
    // One origin request, its 404 cached; publishing then revalidating the package serves it.
    expect(host.origin.counts()).toEqual({ '/@acme/ui-pkg0@9.9.9/descriptor.json': 1 });
    publish('9.9.9');
    expect((await host.revalidate({ packageId: 'pkg0' })).status).toBe(200);
    const published = await host.app.request(route('meta.json', '?version=9.9.9'));
    expect([published.status, (await jsonOf<{ owner: string }>(published)).owner]).toEqual([200, 'team-9.9.9']);
  });

  it('answers 404 artifact-not-found for an artifact a published version lacks, cached', async () => {
    publish('0.9.0');
    host.origin.remove(olderPath('puck.json'));
    for (let i = 0; i < 2; i += 1) {
      const response = await host.app.request(route('puck.json', '?version=0.9.0'));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Artifact not found: puck.json', code: 'artifact-not-found' });
    }
    expect(host.origin.counts()).toEqual({ [olderPath('descriptor.json')]: 1, [olderPath('puck.json')]: 1 });
  });

  it('answers 404 unknown-package for an id the catalog does not have, without reading the origin', async () => {
    const response = await host.app.request('/api/runtime-catalog/nope/puck.json?version=0.9.0');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Unknown package: nope', code: 'unknown-package' });
    expect(host.origin.requests()).toBe(0);
  });

  it('answers 502 artifact-load-failed when the artifact or its descriptor.json fails, and caches neither', async () => {
    publish('0.9.0');
    host.origin.fail(olderPath('schema.json'), { status: 500 });
    const failed = await host.app.request(route('schema.json', '?version=0.9.0'));
    expect([failed.status, await failed.json()]).toEqual([
      502,
      { error: 'Failed to load schema.json for package pkg0: HTTP 500', code: 'artifact-load-failed' },
    ]);
    publish('0.8.0');
    host.origin.fail('/@acme/ui-pkg0@0.8.0/descriptor.json', { status: 503 });
    const descriptor = await host.app.request(route('data.json', '?version=0.8.0'));
    expect([descriptor.status, await descriptor.json()]).toEqual([
      502,
      { error: 'Failed to load descriptor.json for package pkg0: HTTP 503', code: 'artifact-load-failed' },
    ]);
    host.origin.fail(olderPath('schema.json'), undefined);
    host.origin.fail('/@acme/ui-pkg0@0.8.0/descriptor.json', undefined);
    expect((await host.app.request(route('schema.json', '?version=0.9.0'))).status).toBe(200);
    expect((await host.app.request(route('data.json', '?version=0.8.0'))).status).toBe(200);
  });

  it('is dropped by a revalidation of its package or of that artifact, and kept by one of another', async () => {
    publish('0.9.0');
    const meta = route('meta.json', '?version=0.9.0');
    expect((await host.app.request(meta)).status).toBe(200);
    host.origin.put(olderPath('meta.json'), { ...older.artifacts['meta.json'], owner: 'team-republished' });
    host.origin.resetRequests();

    expect((await host.revalidate({ packageId: 'pkg0', artifact: 'data.json' })).status).toBe(200);
    expect((await jsonOf<{ owner: string }>(await host.app.request(meta))).owner).toBe('team-0.9.0');
    expect(host.origin.requests()).toBe(0);

    expect((await host.revalidate({ packageId: 'pkg0', artifact: 'meta.json' })).status).toBe(200);
    expect((await jsonOf<{ owner: string }>(await host.app.request(meta))).owner).toBe('team-republished');
    expect(host.origin.counts()).toEqual({ [olderPath('meta.json')]: 1 });

    host.origin.put(olderPath('meta.json'), { ...older.artifacts['meta.json'], owner: 'team-again' });
    host.origin.resetRequests();
    expect((await host.revalidate({ packageId: 'pkg0' })).status).toBe(200);
    expect((await jsonOf<{ owner: string }>(await host.app.request(meta))).owner).toBe('team-again');
    // The package tag drops the version's descriptor.json too: it is checked again.
    expect(host.origin.counts()).toEqual({ [olderPath('descriptor.json')]: 1, [olderPath('meta.json')]: 1 });
  });
});
