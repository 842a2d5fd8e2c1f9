import { ARTIFACT_NAMES, type CatalogEntry, type ErrorBody } from '@runtime-component-catalog/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fixtureConfig,
  type HostFixture,
  jsonOf,
  startHostFixture,
  TEST_SECRET,
} from '../../testing/host/host-fixture.js';
import { startArtifactsOrigin } from '../../testing/origins/artifacts-origin.js';
import { artifactPath } from '../../testing/origins/sample-packages.js';
import { createHostApp } from '../host-app.js';

let host: HostFixture;
beforeEach(async () => {
  host = await startHostFixture({ packages: 3 });
});
afterEach(async () => {
  await host.close();
});

const pkg = (index: number) => host.catalog.packages[index]!;
const pathOf = (index: number, artifact: (typeof ARTIFACT_NAMES)[number]) => artifactPath(pkg(index), artifact);
const requestsOf = (index: number) => ARTIFACT_NAMES.map((name) => host.origin.requests(pathOf(index, name)));

describe('GET /api/runtime-catalog/<id>', () => {
  it('answers a warm entry without a promise (the fast path of @hono/node-server), a cold one with one', async () => {
    // As catalog-host makes it: no request-log middleware (the process logs), so one handler a route.
    host.origin.put('/catalog.json', host.catalog);
    const app = createHostApp(fixtureConfig(`${host.origin.url}/catalog.json`, host.origin.url));
    const request = () => new Request('http://127.0.0.1/api/runtime-catalog/pkg1');
    const cold = app.fetch(request());
    expect(cold).toBeInstanceOf(Promise);
    const coldResponse = await cold;
    expect(coldResponse.status).toBe(200);
    const warm = app.fetch(request());
    expect(warm).toBeInstanceOf(Response);
    const warmResponse = warm as Response;
    expect(warmResponse.status).toBe(200);
    expect(warmResponse.headers.get('etag')).toBe(coldResponse.headers.get('etag'));
    expect(await warmResponse.text()).toBe(await coldResponse.text());
    // An unknown id once the catalog is held: the 404 is synchronous too.
    const unknown = app.fetch(new Request('http://127.0.0.1/api/runtime-catalog/nope'));
    expect(unknown).toBeInstanceOf(Response);
    expect((unknown as Response).status).toBe(404);
    expect(await jsonOf<ErrorBody>(unknown as Response)).toEqual({
      error: 'Unknown package: nope',
      code: 'unknown-package',
    });
    // A revalidation of the package makes it cold again: a promise, and the origin asked again.
    const revalidation = await app.request('/api/revalidate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-revalidation-secret': TEST_SECRET },
      body: JSON.stringify({ packageId: 'pkg1' }),
    });
    expect(revalidation.status).toBe(200);
    host.origin.resetRequests();
    const again = app.fetch(request());
    expect(again).toBeInstanceOf(Promise);
    expect((await again).status).toBe(200);
    expect(host.origin.requests()).toBe(6);
  });

  it('builds the entry from catalog, descriptor and meta exactly as docs/design.md says', async () => {
    const response = await host.app.request('/api/runtime-catalog/pkg0');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-host-api-version')).toBe('1.0.0');
    const externals = host.catalog.defaultExternals.join(',');
    const base = `${host.origin.url}/@acme/ui-pkg0@1.0.0`;
    expect(await response.json()).toEqual({
      id: 'pkg0',
      alias: 'pkg0-alias',
      package: '@acme/ui-pkg0',
      version: '1.0.0',
      status: 'active',
      hostApi: '>=1.0.0 <2.0.0',
      category: 'hero',
      owner: 'team-acme',
      peers: ['react@^19'],
      renderMode: 'client',
      module: {
        path: './index.js',
        url: `http://127.0.0.1:9/esm/@acme/ui-pkg0@1.0.0?target=es2022&external=${externals}`,
      },
      schema: { path: './json/schema.json', url: `${base}/schema.json` },
      puck: { path: './json/puck.json', url: `${base}/puck.json` },
      data: { path: './json/data.json', url: `${base}/data.json` },
      meta: { path: './json/meta.json', url: `${base}/meta.json` },
      preview: { url: 'https://images.example/pkg0.svg' },
    });
  });

  it('fetches the five artifacts once cold and nothing warm', async () => {
    expect((await host.app.request('/api/runtime-catalog/pkg0')).status).toBe(200);
    expect(requestsOf(0)).toEqual([1, 1, 1, 1, 1]);
    expect(host.origin.requests()).toBe(5);
    expect((await host.app.request('/api/runtime-catalog/pkg0')).status).toBe(200);
    expect(host.origin.requests()).toBe(5);
  });

  it('makes one origin fetch per artifact for 100 concurrent cold requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => host.app.request('/api/runtime-catalog/pkg1')),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200));
    const bodies = new Set(await Promise.all(responses.map((r) => r.text())));
    expect(bodies.size).toBe(1);
    expect(requestsOf(1)).toEqual([1, 1, 1, 1, 1]);
    expect(host.origin.requests()).toBe(5);
  });

  it('answers 304 to a matching If-None-Match, with the ETag', async () => {
    const first = await host.app.request('/api/runtime-catalog/pkg0');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const second = await host.app.request('/api/runtime-catalog/pkg0', { headers: { 'if-none-match': etag! } });
    expect(second.status).toBe(304);
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.text()).toBe('');
    const other = await host.app.request('/api/runtime-catalog/pkg0', { headers: { 'if-none-match': '"other"' } });
    expect(other.status).toBe(200);
  });

  it('answers HEAD without a body', async () => {
    const response = await host.app.request('/api/runtime-catalog/pkg0', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('answers 404 for an unknown package without touching the origin', async () => {
    const response = await host.app.request('/api/runtime-catalog/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Unknown package: nope', code: 'unknown-package' });
    expect(host.origin.requests()).toBe(0);
  });

  it('builds an entry from catalog data and defaults when the descriptor is missing (origin 404)', async () => {
    host.origin.remove(pathOf(2, 'descriptor.json'));
    host.origin.remove(pathOf(2, 'meta.json'));
    const response = await host.app.request('/api/runtime-catalog/pkg2');
    expect(response.status).toBe(200);
    const entry = await jsonOf<CatalogEntry>(response);
    expect(entry).not.toHaveProperty('alias');
    expect(entry).not.toHaveProperty('status');
    expect(entry).not.toHaveProperty('preview');
    expect(entry.renderMode).toBe('client');
    expect(entry.module.path).toBe('./index.js');
    expect(entry.module).not.toHaveProperty('sri');
    expect(entry.category).toBe('navigation');
  });

  it.each([
    [{ status: 500 }, 'Failed to load meta.json for package pkg0: HTTP 500'],
    [{ status: 403 }, 'Failed to load meta.json for package pkg0: HTTP 403'],
    [
      { invalidJson: true as const },
      'Failed to load meta.json for package pkg0: HTTP 200 with a body that is not JSON',
    ],
  ])('answers 502 for a failed artifact load (%j) and caches nothing of it', async (fault, message) => {
    host.origin.fail(pathOf(0, 'meta.json'), fault);
    const failed = await host.app.request('/api/runtime-catalog/pkg0');
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: message, code: 'artifact-load-failed' });
    host.origin.fail(pathOf(0, 'meta.json'), undefined);
    expect((await host.app.request('/api/runtime-catalog/pkg0')).status).toBe(200);
    // The failed artifact is fetched again; the four that loaded stayed cached (spec 3: per artifact).
    expect(requestsOf(0)).toEqual([1, 1, 1, 1, 2]);
  });

  it('holds every redirect hop to ARTIFACTS_ORIGIN: one elsewhere is a 502, never requested, never cached', async () => {
    const elsewhere = await startArtifactsOrigin({ objects: { '/internal/meta.json': { category: 'secret' } } });
    try {
      host.origin.fail(pathOf(0, 'meta.json'), { redirect: `${elsewhere.url}/internal/meta.json` });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await host.app.request('/api/runtime-catalog/pkg0');
        expect(response.status).toBe(502);
        expect(await response.json()).toEqual({
          error: `Failed to load meta.json for package pkg0: HTTP 302 redirect to ${elsewhere.url}, outside the origin`,
          code: 'artifact-load-failed',
        });
      }
      expect(elsewhere.requests()).toBe(0);
      // A redirect within the origin is followed; a loop ends after five hops.
      host.origin.fail(pathOf(0, 'meta.json'), { redirect: pathOf(1, 'meta.json') });
      expect((await host.app.request('/api/runtime-catalog/pkg0')).status).toBe(200);
      host.origin.fail(pathOf(0, 'schema.json'), { redirect: pathOf(0, 'schema.json') });
      await host.revalidate({ packageId: 'pkg0' });
      const loop = await host.app.request('/api/runtime-catalog/pkg0');
      expect(await loop.json()).toEqual({
        error: 'Failed to load schema.json for package pkg0: too many redirects (over 5)',
        code: 'artifact-load-failed',
      });
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses an artifact that is JSON but not an object', async () => {
    host.origin.put(pathOf(0, 'data.json'), '[1,2]');
    const response = await host.app.request('/api/runtime-catalog/pkg0');
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: 'Failed to load data.json for package pkg0: HTTP 200 with a body that is not a JSON object',
      code: 'artifact-load-failed',
    });
  });

  it('gives up on a slow origin after the configured time-out', async () => {
    await host.close();
    // The time-out is every fetch's: the four artifacts that answer must answer within it too, or
    // the first of them to time out is named instead of schema.json. With 100 ms, descriptor.json
    // was named in 8 of 10 runs of this test alone at load 15 on 2 cores, where a cold entry load
    // takes up to 400 ms: 2 s holds. schema.json answers only when the test lets it, after the
    // time-out, whatever the machine's speed.
    host = await startHostFixture({ config: { fetchTimeoutMs: 2_000 } });
    let answer!: () => void;
    host.origin.fail(pathOf(0, 'schema.json'), { gate: new Promise<void>((resolve) => (answer = resolve)) });
    try {
      const response = await host.app.request('/api/runtime-catalog/pkg0');
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        error: 'Failed to load schema.json for package pkg0: timed out after 2000 ms',
        code: 'artifact-load-failed',
      });
    } finally {
      answer();
    }
  });

  it('refuses an artifact body over the size limit', async () => {
    await host.close();
    host = await startHostFixture({ config: { maxUpstreamBytes: 1_000 } });
    host.origin.put(pathOf(0, 'data.json'), { big: 'x'.repeat(2_000) });
    const response = await host.app.request('/api/runtime-catalog/pkg0');
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: 'Failed to load data.json for package pkg0: body over the limit of 1000 bytes',
      code: 'artifact-load-failed',
    });
  });

  it('names a network error when the origin is unreachable', async () => {
    await host.origin.close();
    const response = await host.app.request('/api/runtime-catalog/pkg0');
    expect(response.status).toBe(502);
    expect((await jsonOf<ErrorBody>(response)).error).toMatch(
      /^Failed to load \w+\.json for package pkg0: network error \(ECONNREFUSED\)$/,
    );
  });
});

describe('GET /api/runtime-catalog/<id>/<artifact>', () => {
  it('answers the artifact JSON from the same cache, with ETag and 304', async () => {
    await host.app.request('/api/runtime-catalog/pkg0');
    const response = await host.app.request('/api/runtime-catalog/pkg0/data.json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ title: 'Hello from pkg0', items: [{ label: 'one' }] });
    expect(host.origin.requests()).toBe(5);
    const etag = response.headers.get('etag')!;
    const again = await host.app.request('/api/runtime-catalog/pkg0/data.json', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers 400 for an invalid artifact name and 404 for an unknown package', async () => {
    const invalid = await host.app.request('/api/runtime-catalog/pkg0/index.js');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: 'Invalid artifact name', code: 'invalid-artifact-name' });
    const unknown = await host.app.request('/api/runtime-catalog/nope/data.json');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Unknown package: nope', code: 'unknown-package' });
  });

  it('caches an origin 404 as null and answers 404 Artifact not found', async () => {
    host.origin.remove(pathOf(1, 'puck.json'));
    for (let i = 0; i < 3; i += 1) {
      const response = await host.app.request('/api/runtime-catalog/pkg1/puck.json');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Artifact not found: puck.json', code: 'artifact-not-found' });
    }
    expect(host.origin.requests(pathOf(1, 'puck.json'))).toBe(1);
  });
});

describe('other paths and methods', () => {
  it('answers 405 with Allow for a method the catalog routes do not serve', async () => {
    for (const path of ['/api/runtime-catalog', '/api/runtime-catalog/pkg0', '/api/runtime-catalog/pkg0/data.json']) {
      const response = await host.app.request(path, { method: 'DELETE' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(await response.json()).toEqual({ error: 'Method not allowed', code: 'method-not-allowed' });
    }
  });

  it('answers 404 Not found for anything else, and 200 on /healthz', async () => {
    const missing = await host.app.request('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found', code: 'not-found' });
    const health = await host.app.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
  });
});

describe('cross-origin reading', () => {
  it('lets any origin read entries, artifacts and errors, with ETag exposed', async () => {
    for (const path of [
      '/api/runtime-catalog/pkg0',
      '/api/runtime-catalog/pkg0/data.json',
      '/api/runtime-catalog/nope',
    ]) {
      const response = await host.app.request(path, { headers: { origin: 'https://editor.example' } });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toBe(
        'etag, x-request-id, x-remote-externals, x-host-api-version',
      );
    }
  });
});
