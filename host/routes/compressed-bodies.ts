import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RenderedJson } from '../rendered-json.js';
import type { ContentCoding } from './accept-encoding.js';

/**
 * Bodies shorter than this (in characters of their text) are answered plain whatever the request
 * accepts: they would save at most a few hundred bytes, less than the headers of their answer.
 * The rule depends on the body alone, so that every instance answers a request alike and the
 * ETag of a compressed answer is known before anything is compressed.
 */
export const MIN_COMPRESSED_LENGTH = 512;

/**
 * Brotli's quality: 5 makes 2 to 6% more bytes than 9 in a quarter of its time; 11 saves 5 to 17%
 * more than 5 but takes 45 to 100 times as long (a second for a module of 600 KB, seconds for a
 * catalog of megabytes). docs/compression.md "Measured".
 */
export const BROTLI_QUALITY = 5;

/** gzip's level: zlib's default, 6; 9 takes 2.5 to 9 times as long for under 2% fewer bytes. */
export const GZIP_LEVEL = 6;

/**
 * Compressed bytes: a Buffer of its own ArrayBuffer, which a `Response` takes as it is, and a
 * socket writes without wrapping it again (a plain Uint8Array is made a Buffer at each write).
 */
export type CompressedBytes = Buffer<ArrayBuffer>;

/** Compresses a body's text in one coding. */
export type Compress = (text: string, coding: ContentCoding) => Promise<CompressedBytes>;

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * {@link Compress} with node:zlib, on libuv's thread pool: the event loop never compresses. The
 * result is copied once into a Buffer of its own: a short Buffer is a slice of Node's 8 KiB pool,
 * which a kept slice would keep whole.
 */
export async function compressWithZlib(text: string, coding: ContentCoding): Promise<CompressedBytes> {
  const bytes = Buffer.from(text);
  const compressed =
    coding === 'br'
      ? await brotliCompressAsync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
      : await gzipAsync(bytes, { level: GZIP_LEVEL });
  const kept = Buffer.allocUnsafeSlow(compressed.length);
  compressed.copy(kept);
  return kept;
}

/**
 * The ETag of a body in `coding`: the body's with `-br` or `-gzip` inside the quotes, since a
 * strong ETag names one representation (RFC 9110 8.8.3), and the compressed bytes are not the
 * plain ones.
 */
export function codedEtag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

/** One rendered body in one coding: its ETag from the start, its bytes once compressed. */
export class CompressedBody {
  /** The coding, as `Content-Encoding` names it. */
  readonly coding: ContentCoding;
  /** The ETag of this representation ({@link codedEtag}). */
  readonly etag: string;
  readonly #text: string;
  readonly #compress: Compress;
  #bytes: CompressedBytes | undefined;
  #pending: Promise<CompressedBytes> | undefined;

  constructor(rendered: RenderedJson, coding: ContentCoding, compress: Compress) {
    this.coding = coding;
    this.etag = codedEtag(rendered.etag, coding);
    this.#text = rendered.body;
    this.#compress = compress;
  }

  /** The compressed bytes, once {@link compressed} has made them; undefined before. */
  get bytes(): CompressedBytes | undefined {
    return this.#bytes;
  }

  /**
   * The compressed bytes, made by the first call only; calls meanwhile share that compression. A
   * failed compression is not kept: the next call tries again.
   */
  compressed(): Promise<CompressedBytes> {
    if (this.#bytes !== undefined) return Promise.resolve(this.#bytes);
    this.#pending ??= this.#compress(this.#text, this.coding).then(
      (bytes) => {
        this.#bytes = bytes;
        this.#pending = undefined;
        return bytes;
      },
      (error: unknown) => {
        this.#pending = undefined;
        throw error;
      },
    );
    return this.#pending;
  }
}

/** The compressed forms of one rendered body, made as they are asked for. */
interface Forms {
  br: CompressedBody | undefined;
  gzip: CompressedBody | undefined;
}

/**
 * The compressed forms of rendered bodies, each kept with its body: in a WeakMap keyed by the
 * rendered object, so it goes when the cache lets the body go, and the body itself stays as the
 * cache stores it (a field on it would be serialised into Redis and counted in the memory store's
 * bound). Compressing once per body rests on each cached value being one rendered object: the
 * entry, the whole catalog and the compiled module are cached as rendered; an artifact's rendering
 * is kept by its cached value (runtime-catalog.ts); the Redis store answers its local copy, the
 * same object, while Redis confirms it unchanged. A value read again from Redis, and a whole
 * catalog with failures (not cached, so built again for each request), are compressed again.
 */
export class CompressedBodies {
  readonly #compress: Compress;
  readonly #forms = new WeakMap<RenderedJson, Forms>();

  /** `compress`: default {@link compressWithZlib}. */
  constructor(compress: Compress = compressWithZlib) {
    this.#compress = compress;
  }

  /** `rendered` in `coding`: one object for every request of that body, made without compressing. */
  of(rendered: RenderedJson, coding: ContentCoding): CompressedBody {
    let forms = this.#forms.get(rendered);
    if (forms === undefined) {
      forms = { br: undefined, gzip: undefined };
      this.#forms.set(rendered, forms);
    }
    let form = forms[coding];
    if (form === undefined) {
      form = new CompressedBody(rendered, coding, this.#compress);
      forms[coding] = form;
    }
    return form;
  }
}
