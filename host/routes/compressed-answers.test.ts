import * as zlib from 'node:zlib';
import { remoteComponentPath } from '@runtime-component-catalog/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HostFixture, startHostFixture } from '../../testing/host/host-fixture.js';
import { type EsmOrigin, startEsmOrigin } from '../../testing/origins/esm-origin.js';
import { SAMPLE_COMPONENT, sampleEsmModules } from '../../testing/origins/sample-esm-modules.js';

// Every compression of the host, counted: the host compresses through node:zlib's callback API.
const compressions = vi.hoisted(() => ({ br: 0, gzip: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:zlib')>();
  return {
    ...actual,
    brotliCompress: (...args: Parameters<typeof actual.brotliCompress>) => {
      compressions.br += 1;
      return actual.brotliCompress(...args);
    },
    gzip: (...args: Parameters<typeof actual.gzip>) => {
      compressions.gzip += 1;
      return actual.gzip(...args);
    },
  };
});

const PREFIX = '/esm';
let esm: EsmOrigin;
let host: HostFixture;

beforeEach(async () => {
  esm = await startEsmOrigin(sampleEsmModules(PREFIX));
  host = await startHostFixture({ packages: 3, config: { esmOrigin: `${esm.url}${PREFIX}` } });
  await host.writeCatalog({
    ...host.catalog,
    packages: [
      ...host.catalog.packages,
      { id: 'counter1', label: 'Counter', category: 'interactive', ...SAMPLE_COMPONENT },
    ],
  });
  compressions.br = 0;
  compressions.gzip = 0;
});
afterEach(async () => {
  await host.close();
  await esm.close();
});

const modulePath = () =>
  remoteComponentPath(`${esm.url}${PREFIX}/${SAMPLE_COMPONENT.package}@${SAMPLE_COMPONENT.version}?target=es2022`);
const decode = (coding: string | null, bytes: Buffer) =>
  (coding === 'br' ? zlib.brotliDecompressSync(bytes) : coding === 'gzip' ? zlib.gunzipSync(bytes) : bytes).toString();

describe('compressed answers of the cached bodies', () => {
  it('answers the whole catalog, an entry and a compiled module in br and gzip, decoding to the plain body', async () => {
    for (const path of ['/api/runtime-catalog', '/api/runtime-catalog/pkg0', modulePath()]) {
      const plain = await host.app.request(path);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('accept-encoding');
      const text = await plain.text();
      const etag = plain.headers.get('etag')!;
      for (const coding of ['br', 'gzip'] as const) {
        const response = await host.app.request(path, { headers: { 'accept-encoding': coding } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(coding);
        expect(response.headers.get('vary')).toBe('accept-encoding');
        expect(response.headers.get('etag')).toBe(`${etag.slice(0, -1)}-${coding}"`);
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(bytes.length).toBeLessThan(Buffer.byteLength(text));
        expect(decode(coding, bytes)).toBe(text);
      }
    }
  });

  it('compresses each cached body once per coding, whatever the number of requests', async () => {
    const paths = ['/api/runtime-catalog', '/api/runtime-catalog/pkg0', '/api/runtime-catalog/pkg1', modulePath()];
    for (let round = 0; round < 3; round += 1) {
      for (const path of paths) {
        for (const coding of ['br', 'gzip']) {
          const response = await host.app.request(path, { headers: { 'accept-encoding': coding } });
          expect(response.headers.get('content-encoding')).toBe(coding);
          await response.arrayBuffer();
        }
      }
    }
    expect(compressions).toEqual({ br: 4, gzip: 4 });
  });

  it('compresses a body again once a revalidation replaced it, and answers 304 to its new ETag only', async () => {
    const br = { 'accept-encoding': 'br' };
    const first = await host.app.request('/api/runtime-catalog/pkg0', { headers: br });
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    expect(
      (await host.app.request('/api/runtime-catalog/pkg0', { headers: { ...br, 'if-none-match': etag } })).status,
    ).toBe(304);
    host.origin.put('/@acme/ui-pkg0@1.0.0/meta.json', { status: 'active', owner: 'team-changed' });
    expect((await host.revalidate({ packageId: 'pkg0' })).status).toBe(200);
    const changed = await host.app.request('/api/runtime-catalog/pkg0', { headers: { ...br, 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.headers.get('etag')).toMatch(/-br"$/);
    expect(JSON.parse(decode('br', Buffer.from(await changed.arrayBuffer())))).toMatchObject({
      owner: 'team-changed',
    });
    expect(compressions.br).toBe(2);
  });

  it('answers a short artifact plain, with Vary, whatever the request accepts', async () => {
    const response = await host.app.request('/api/runtime-catalog/pkg0/schema.json', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(await response.json()).toBeTypeOf('object');
    expect(compressions).toEqual({ br: 0, gzip: 0 });
  });

  it('answers errors plain, without Vary', async () => {
    const response = await host.app.request('/api/runtime-catalog/nope', { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(await response.json()).toEqual({ error: 'Unknown package: nope', code: 'unknown-package' });
  });
});
