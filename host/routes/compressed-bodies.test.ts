import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderJson } from '../rendered-json.js';
import type { ContentCoding } from './accept-encoding.js';
import { type Compress, CompressedBodies, codedEtag, compressWithZlib } from './compressed-bodies.js';

/** A compressor that counts its calls and compresses with zlib, or fails while `failing`. */
function countingCompress(): Compress & { calls: Array<[string, ContentCoding]>; failing: boolean } {
  const compress = Object.assign(
    async (text: string, coding: ContentCoding) => {
      compress.calls.push([text, coding]);
      if (compress.failing) throw new Error('compression failed');
      return compressWithZlib(text, coding);
    },
    { calls: [] as Array<[string, ContentCoding]>, failing: false },
  );
  return compress;
}

const body = renderJson({ items: Array.from({ length: 100 }, (_, index) => ({ id: `item${index}`, label: 'Item' })) });

describe('compressWithZlib', () => {
  it('compresses in brotli and gzip, each decoding to the text', async () => {
    const br = await compressWithZlib(body.body, 'br');
    const gz = await compressWithZlib(body.body, 'gzip');
    expect(brotliDecompressSync(br).toString()).toBe(body.body);
    expect(gunzipSync(gz).toString()).toBe(body.body);
    expect(br.length).toBeLessThan(body.body.length / 5);
    expect(gz.length).toBeLessThan(body.body.length / 5);
  });

  it('makes the same bytes each time (every instance answers one body alike)', async () => {
    expect(await compressWithZlib(body.body, 'br')).toEqual(await compressWithZlib(body.body, 'br'));
    expect(await compressWithZlib(body.body, 'gzip')).toEqual(await compressWithZlib(body.body, 'gzip'));
  });
});

describe('codedEtag', () => {
  it('puts the coding inside the quotes', () => {
    expect(codedEtag('"abc"', 'br')).toBe('"abc-br"');
    expect(codedEtag('"abc"', 'gzip')).toBe('"abc-gzip"');
  });
});

describe('CompressedBodies', () => {
  it('compresses a body once per coding, and keeps the bytes with it', async () => {
    const compress = countingCompress();
    const bodies = new CompressedBodies(compress);
    const br = bodies.of(body, 'br');
    expect(br.coding).toBe('br');
    expect(br.etag).toBe(codedEtag(body.etag, 'br'));
    expect(br.bytes).toBeUndefined();
    expect(compress.calls).toEqual([]); // its ETag needs no compression
    const bytes = await br.compressed();
    expect(brotliDecompressSync(bytes).toString()).toBe(body.body);
    expect(bodies.of(body, 'br')).toBe(br);
    expect(br.bytes).toBe(bytes);
    expect(await bodies.of(body, 'br').compressed()).toBe(bytes);
    const gzip = bodies.of(body, 'gzip');
    expect(gzip.etag).toBe(codedEtag(body.etag, 'gzip'));
    expect(gunzipSync(await gzip.compressed()).toString()).toBe(body.body);
    expect(await bodies.of(body, 'gzip').compressed()).toBe(gzip.bytes);
    expect(compress.calls).toEqual([
      [body.body, 'br'],
      [body.body, 'gzip'],
    ]);
  });

  it('shares one compression between the requests that ask while it runs', async () => {
    const compress = countingCompress();
    const bodies = new CompressedBodies(compress);
    const all = await Promise.all([1, 2, 3].map(() => bodies.of(body, 'br').compressed()));
    expect(compress.calls.length).toBe(1);
    expect(all[1]).toBe(all[0]);
    expect(all[2]).toBe(all[0]);
  });

  it('keeps each rendered object its own forms: another object of the same text is compressed again', async () => {
    const compress = countingCompress();
    const bodies = new CompressedBodies(compress);
    const again = { ...body };
    await bodies.of(body, 'br').compressed();
    await bodies.of(again, 'br').compressed();
    expect(bodies.of(again, 'br')).not.toBe(bodies.of(body, 'br'));
    expect(compress.calls.length).toBe(2);
  });

  it('does not keep a failed compression: the next call tries again', async () => {
    const compress = countingCompress();
    const bodies = new CompressedBodies(compress);
    compress.failing = true;
    await expect(bodies.of(body, 'gzip').compressed()).rejects.toThrow('compression failed');
    expect(bodies.of(body, 'gzip').bytes).toBeUndefined();
    compress.failing = false;
    expect(gunzipSync(await bodies.of(body, 'gzip').compressed()).toString()).toBe(body.body);
    expect(compress.calls.length).toBe(2);
  });

  it('leaves the rendered object as the cache stores it (nothing added to serialise)', async () => {
    const bodies = new CompressedBodies();
    const before = JSON.stringify(body);
    await bodies.of(body, 'br').compressed();
    expect(JSON.stringify(body)).toBe(before);
    expect(Object.keys(body)).toEqual(['body', 'etag']);
  });
});
