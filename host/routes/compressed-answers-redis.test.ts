import * as zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RedisServer, startRedisServer } from '../../testing/host/redis-server.js';
import { type SharedCacheHosts, startSharedCacheHosts } from '../../testing/host/shared-cache-hosts.js';
import { artifactPath, samplePackage } from '../../testing/origins/sample-packages.js';

// With the Redis store, each instance compresses a body once: the value it read from Redis is
// one object, its local copy, for as long as Redis confirms it unchanged (docs/compression.md).
const compressions = vi.hoisted(() => ({ br: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:zlib')>();
  return {
    ...actual,
    brotliCompress: (...args: Parameters<typeof actual.brotliCompress>) => {
      compressions.br += 1;
      return actual.brotliCompress(...args);
    },
  };
});

let server: RedisServer;
let shared: SharedCacheHosts;
let prefixes = 0;

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server.stop();
});
beforeEach(async () => {
  prefixes += 1;
  shared = await startSharedCacheHosts({ redisUrl: server.url, prefix: `compressed-${prefixes}:` });
  compressions.br = 0;
});
afterEach(async () => {
  await shared.close();
});

const br = { headers: { 'accept-encoding': 'br' } };

describe('compressed answers over the Redis store', () => {
  it('compresses a body once per instance, and both instances answer the same bytes under the same ETag', async () => {
    const answers: Array<{ etag: string | null; bytes: Buffer }> = [];
    for (const host of shared.hosts) {
      for (let round = 0; round < 3; round += 1) {
        for (const path of ['/api/runtime-catalog/pkg0', '/api/runtime-catalog']) {
          const response = await host.app.request(path, br);
          expect(response.headers.get('content-encoding')).toBe('br');
          const bytes = Buffer.from(await response.arrayBuffer());
          if (path.endsWith('pkg0')) answers.push({ etag: response.headers.get('etag'), bytes });
        }
      }
    }
    // The entry and the whole catalog, in each of the two instances.
    expect(compressions.br).toBe(4);
    for (const answer of answers) {
      expect(answer.etag).toBe(answers[0]!.etag);
      expect(answer.bytes).toEqual(answers[0]!.bytes);
    }
    expect(JSON.parse(zlib.brotliDecompressSync(answers[0]!.bytes).toString())).toMatchObject({ id: 'pkg0' });
  });

  it('compresses the new body once per instance after a revalidation, and answers 304 to its ETag only', async () => {
    const [a, b] = shared.hosts;
    const before = await a!.app.request('/api/runtime-catalog/pkg0', br);
    const etag = before.headers.get('etag')!;
    await b!.app.request('/api/runtime-catalog/pkg0', br);
    shared.origin.put(artifactPath(samplePackage(0).pkg, 'meta.json'), {
      ...samplePackage(0).artifacts['meta.json'],
      owner: 'team-changed',
    });
    expect((await a!.revalidate({ packageId: 'pkg0' })).status).toBe(200);
    let changed = '';
    for (const host of [a!, b!, a!, b!]) {
      const response = await host.app.request('/api/runtime-catalog/pkg0', {
        headers: { 'accept-encoding': 'br', 'if-none-match': etag },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).not.toBe(etag);
      const entry = JSON.parse(zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString());
      expect(entry).toMatchObject({ owner: 'team-changed' });
      changed = response.headers.get('etag')!;
    }
    for (const host of [a!, b!]) {
      const again = await host.app.request('/api/runtime-catalog/pkg0', {
        headers: { 'accept-encoding': 'br', 'if-none-match': changed },
      });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(changed);
    }
    expect(compressions.br).toBe(4);
  });
});
