import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/free-port.js';
import { type S3rverServer, startS3rver } from '../../testing/s3/s3rver.js';
import { AuthoringError } from '../authoring-error.js';
import { describeObjectStore } from './object-store.case.js';
import { parseS3StoreSpec, S3Store, s3StoreFromSettings } from './s3-store.js';

const json = { contentType: 'application/json' };
const bucket = 'artifacts';
let s3: S3rverServer;
const envNames = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
] as const;
const savedEnv = envNames.map((name) => [name, process.env[name]] as const);

// The SDK's default credential chain reads these; s3rver accepts only this pair. The SDK's
// Node 20 notice (docs/dependencies.md) would print once per test file.
beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  s3 = await startS3rver([bucket]);
});
afterAll(async () => {
  for (const [name, value] of savedEnv) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await s3?.close();
});

/** A raw client, to look at what the store wrote. */
function rawClient(): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function storeFailed(promise: Promise<unknown>): Promise<AuthoringError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AuthoringError);
  expect((error as AuthoringError).code).toBe('store-failed');
  return error as AuthoringError;
}

// Each store gets its own prefix: a fresh, empty store in the one bucket.
describeObjectStore('S3Store on s3rver', async () =>
  s3StoreFromSettings({ endpoint: s3.endpoint, bucket, prefix: `case/${randomUUID()}` }),
);

describe('S3Store on s3rver', () => {
  it('writes <prefix>/<key> with the content type and Cache-Control: no-cache', async () => {
    const prefix = `p/${randomUUID()}`;
    const store = s3StoreFromSettings({ endpoint: s3.endpoint, bucket, prefix });
    expect(store.description).toBe(`s3://${bucket}/${prefix} at ${s3.endpoint}`);
    await store.put('@acme/ui-hero1@1.0.0/data.json', new TextEncoder().encode('{"a":1}'), json);
    const client = rawClient();
    const head = await client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: `${prefix}/@acme/ui-hero1@1.0.0/data.json` }),
    );
    expect(head.ContentType).toBe('application/json');
    expect(head.CacheControl).toBe('no-cache');
    expect(head.ContentLength).toBe(7);
    const get = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: `${prefix}/@acme/ui-hero1@1.0.0/data.json` }),
    );
    expect(await get.Body!.transformToString()).toBe('{"a":1}');
    client.destroy();
  });

  it('writes at the bucket root without a prefix', async () => {
    const key = `${randomUUID()}/data.json`;
    await s3StoreFromSettings({ endpoint: `${s3.endpoint}/`, bucket }).put(key, new Uint8Array([1]), json);
    const client = rawClient();
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentLength).toBe(1);
    client.destroy();
  });

  it('fails with store-failed naming the bucket and NoSuchBucket when the bucket is wrong', async () => {
    const store = s3StoreFromSettings({ endpoint: s3.endpoint, bucket: 'no-such-bucket', prefix: 'p' });
    const error = await storeFailed(store.get('a.json'));
    expect(error.message).toContain('s3://no-such-bucket/p/a.json');
    expect(error.message).toContain('NoSuchBucket (HTTP 404)');
    const putError = await storeFailed(store.put('a.json', new Uint8Array([1]), json));
    expect(putError.message).toMatch(
      /^PUT s3:\/\/no-such-bucket\/p\/a\.json at http:\/\/127\.0\.0\.1:\d+ failed: NoSuchBucket/,
    );
  });

  it('fails with store-failed, quickly, when nothing listens at the endpoint', async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    const store = s3StoreFromSettings({ endpoint, bucket });
    const started = Date.now();
    const error = await storeFailed(store.get('a.json'));
    expect(error.message).toContain('ECONNREFUSED');
    await storeFailed(store.put('a.json', new Uint8Array([1]), json));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up on an endpoint that accepts connections and never answers', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const hung: Server = createServer((socket) => sockets.add(socket)).listen(0, '127.0.0.1');
    await once(hung, 'listening');
    try {
      const { port } = hung.address() as { port: number };
      const store = s3StoreFromSettings({ endpoint: `http://127.0.0.1:${port}`, bucket, requestTimeoutMs: 200 });
      const started = Date.now();
      const error = await storeFailed(store.get('a.json'));
      expect(error.message).toContain('ETIMEDOUT');
      expect(Date.now() - started).toBeLessThan(5_000); // 3 attempts of 200 ms and the SDK's backoff
    } finally {
      for (const socket of sockets) socket.destroy();
      hung.close();
    }
  });
});

describe('S3Store settings', () => {
  it('parses s3://bucket[/prefix]', () => {
    expect(parseS3StoreSpec('s3://artifacts')).toEqual({ bucket: 'artifacts' });
    expect(parseS3StoreSpec('s3://artifacts/')).toEqual({ bucket: 'artifacts' });
    expect(parseS3StoreSpec('s3://artifacts/catalog/v1')).toEqual({ bucket: 'artifacts', prefix: 'catalog/v1' });
    for (const spec of ['artifacts', 'https://artifacts/x', 's3://', 's3:///x']) {
      expect(() => parseS3StoreSpec(spec)).toThrow(expect.objectContaining({ code: 'store-failed' }));
    }
  });

  it.each([
    { endpoint: 'localhost:9000', bucket },
    { endpoint: 'ftp://127.0.0.1', bucket },
    { endpoint: 'http://user:secret@127.0.0.1', bucket },
    { endpoint: 'http://127.0.0.1?x=1', bucket },
    { endpoint: 'http://127.0.0.1', bucket: 'Bad_Bucket' },
    { endpoint: 'http://127.0.0.1', bucket: 'a/b' },
    { endpoint: 'http://127.0.0.1', bucket, prefix: '/lead' },
    { endpoint: 'http://127.0.0.1', bucket, prefix: 'trail/' },
    { endpoint: 'http://127.0.0.1', bucket, prefix: 'a/../b' },
    { endpoint: 'http://127.0.0.1', bucket, requestTimeoutMs: 0 },
  ])('refuses unusable settings %j (store-failed)', (settings) => {
    expect(() => s3StoreFromSettings(settings)).toThrow(expect.objectContaining({ code: 'store-failed' }));
    expect(() => new S3Store(settings)).toThrow(AuthoringError);
  });
});
