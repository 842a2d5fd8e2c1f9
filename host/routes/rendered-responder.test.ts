import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen, serverUrl } from '../../testing/origins/artifacts-origin.js';
import { type RenderedJson, renderJson, renderJsonText } from '../rendered-json.js';
import type { ContentCoding } from './accept-encoding.js';
import { type Compress, CompressedBodies, compressWithZlib, MIN_COMPRESSED_LENGTH } from './compressed-bodies.js';
import { CORS_HEADERS } from './cors-headers.js';
import { renderedResponder } from './rendered-responder.js';

const large = renderJson({ items: Array.from({ length: 40 }, (_, index) => ({ id: `item${index}`, label: 'Item' })) });
const small = renderJsonText('{"small":true}');

/** A responder over zlib that counts compressions, and fails them while `failing`. */
function appWith() {
  const calls: Array<[string, ContentCoding]> = [];
  let failing = false;
  const compress: Compress = async (text, coding) => {
    calls.push([text, coding]);
    if (failing) throw new Error('compression failed');
    return compressWithZlib(text, coding);
  };
  const respond = renderedResponder(
    { contentType: 'application/json; charset=utf-8', name: 'x-route', value: (rendered) => `of ${rendered.etag}` },
    new CompressedBodies(compress),
  );
  const bodies: Record<string, RenderedJson> = { large, small };
  const app = new Hono();
  app.get('/:name', (c) => respond(c, bodies[c.req.param('name')]!));
  return {
    app,
    calls,
    fail: (value: boolean) => {
      failing = value;
    },
    get: (name: string, headers: Record<string, string> = {}) =>
      app.fetch(new Request(`http://host/${name}`, { headers })),
  };
}

const ok = (etag: string) => ({
  ...CORS_HEADERS,
  'cache-control': 'no-cache',
  'content-type': 'application/json; charset=utf-8',
  etag,
  vary: 'accept-encoding',
  'x-route': `of ${large.etag}`,
});
const notModified = (etag: string) => ({ ...CORS_HEADERS, 'cache-control': 'no-cache', etag, vary: 'accept-encoding' });
const bytesOf = async (response: Response | Promise<Response>) => Buffer.from(await (await response).arrayBuffer());

describe('renderedResponder, compressed answers', () => {
  it('is given a body long enough to compress', () => {
    expect(large.body.length).toBeGreaterThanOrEqual(MIN_COMPRESSED_LENGTH);
    expect(small.body.length).toBeLessThan(MIN_COMPRESSED_LENGTH);
  });

  it('answers br and gzip to a request that accepts them, the plain body otherwise, each with its ETag', async () => {
    const { get } = appWith();
    const br = await get('large', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(Object.fromEntries(br.headers)).toEqual({
      ...ok(`${large.etag.slice(0, -1)}-br"`),
      'content-encoding': 'br',
    });
    expect(brotliDecompressSync(await bytesOf(br)).toString()).toBe(large.body);
    const gzip = await get('large', { 'accept-encoding': 'gzip' });
    expect(Object.fromEntries(gzip.headers)).toEqual({
      ...ok(`${large.etag.slice(0, -1)}-gzip"`),
      'content-encoding': 'gzip',
    });
    expect(gunzipSync(await bytesOf(gzip)).toString()).toBe(large.body);
    const plainRequests: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of plainRequests) {
      const plain = await get('large', headers);
      expect(Object.fromEntries(plain.headers)).toEqual(ok(large.etag));
      expect(await plain.text()).toBe(large.body);
    }
  });

  it('answers a short body plain whatever is accepted, with Vary, compressing nothing', async () => {
    const { get, calls } = appWith();
    const response = await get('small', { 'accept-encoding': 'br, gzip' });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('etag')).toBe(small.etag);
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(await response.text()).toBe(small.body);
    expect(calls).toEqual([]);
  });

  it('compresses a body once per coding: the first answer waits for it, every later one is synchronous', async () => {
    const { get, calls } = appWith();
    const first = get('large', { 'accept-encoding': 'br' });
    expect(first).toBeInstanceOf(Promise);
    const firstBytes = await bytesOf(first);
    for (let index = 0; index < 3; index += 1) {
      const warm = get('large', { 'accept-encoding': 'br' });
      expect(warm).toBeInstanceOf(Response);
      expect(await bytesOf(warm)).toEqual(firstBytes);
    }
    expect(get('large')).toBeInstanceOf(Response);
    await bytesOf(get('large', { 'accept-encoding': 'gzip' }));
    await bytesOf(get('large', { 'accept-encoding': 'gzip' }));
    expect(calls).toEqual([
      [large.body, 'br'],
      [large.body, 'gzip'],
    ]);
  });

  it("answers 304 to the ETag of the representation it would send, and 200 to another one's", async () => {
    const { get, calls } = appWith();
    const brEtag = `${large.etag.slice(0, -1)}-br"`;
    const gzipEtag = `${large.etag.slice(0, -1)}-gzip"`;
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ 'accept-encoding': 'br' }, brEtag, gzipEtag],
      [{ 'accept-encoding': 'gzip' }, gzipEtag, large.etag],
      [{}, large.etag, brEtag],
    ];
    for (const [headers, own, other] of cases) {
      for (const ifNoneMatch of [own, `W/${own}`, `"other", ${own}`, '*']) {
        const response = await get('large', { ...headers, 'if-none-match': ifNoneMatch });
        expect(response.status).toBe(304);
        expect(Object.fromEntries(response.headers)).toEqual(notModified(own));
        expect(await response.text()).toBe('');
      }
      // Nothing was compressed for a 304: its ETag is known beforehand.
      expect(calls).toEqual([]);
      const changed = await get('large', { ...headers, 'if-none-match': other });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).toBe(own);
      calls.length = 0;
    }
  });

  it('answers the plain body when a compression fails, and compresses again on the next request', async () => {
    const { get, calls, fail } = appWith();
    fail(true);
    const failed = await get('large', { 'accept-encoding': 'br' });
    expect(failed.status).toBe(200);
    expect(Object.fromEntries(failed.headers)).toEqual(ok(large.etag));
    expect(await failed.text()).toBe(large.body);
    fail(false);
    const next = await get('large', { 'accept-encoding': 'br' });
    expect(next.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytesOf(next)).toString()).toBe(large.body);
    expect(calls.length).toBe(2);
  });
});

describe('renderedResponder over Node (@hono/node-server): headers read from the IncomingMessage', () => {
  let server: ServerType;
  let url: string;
  const { app } = appWith();
  beforeAll(async () => {
    server = await listen(app, 0);
    url = serverUrl(server);
  });
  afterAll(async () => {
    await closeServer(server);
  });

  /** The raw answer, undecoded (fetch would decode it). */
  function raw(method: string, headers: Record<string, string>): Promise<[number, IncomingHttpHeaders, Buffer]> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(`${url}/large`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve([response.statusCode!, response.headers, Buffer.concat(chunks)]));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('sends the compressed bytes with their length, and 304 to their ETag', async () => {
    const plain = await raw('GET', {});
    expect(plain[0]).toBe(200);
    expect(plain[1]['content-encoding']).toBeUndefined();
    expect(plain[2].toString()).toBe(large.body);
    for (const coding of ['br', 'gzip'] as const) {
      const [status, headers, body] = await raw('GET', { 'accept-encoding': coding });
      expect(status).toBe(200);
      expect(headers['content-encoding']).toBe(coding);
      expect(headers.vary).toBe('accept-encoding');
      expect(headers['content-length']).toBe(String(body.length));
      expect(body.length).toBeLessThan(Buffer.byteLength(large.body) / 3);
      expect((coding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString()).toBe(large.body);
      const again = await raw('GET', { 'accept-encoding': coding, 'if-none-match': headers.etag! });
      expect(again[0]).toBe(304);
      expect(again[1].etag).toBe(headers.etag);
      expect(again[1].vary).toBe('accept-encoding');
    }
  });

  it('answers HEAD with the headers of the GET, and no body', async () => {
    const [status, headers, body] = await raw('HEAD', { 'accept-encoding': 'br' });
    expect(status).toBe(200);
    expect(headers['content-encoding']).toBe('br');
    expect(headers.etag).toBe(`${large.etag.slice(0, -1)}-br"`);
    expect(body.length).toBe(0);
  });
});
