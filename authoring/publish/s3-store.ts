import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { AuthoringError } from '../authoring-error.js';
import { maxStoredObjectBytes } from './folder-store.js';
import { checkObjectKey, type ObjectStore } from './object-store.js';

/*
 * Exported API (the lead wires config keys to it):
 * - `S3StoreSettings`: `{endpoint, bucket, prefix?, region?, requestTimeoutMs?}`.
 * - `s3StoreFromSettings(settings)`: checks the settings, then returns an `S3Store`.
 * - `parseS3StoreSpec('s3://bucket/some/prefix')`: `{bucket, prefix}` to spread into the settings.
 * Credentials are not settings: the SDK's default chain reads AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY (then AWS_PROFILE, ~/.aws, container and instance roles).
 */

/** Where an {@link S3Store} keeps its objects; resolved once, at the boundary. */
export interface S3StoreSettings {
  /** `http(s)://host[:port]` of an S3-compatible service; buckets are addressed path-style. */
  readonly endpoint: string;
  readonly bucket: string;
  /** Prepended as `<prefix>/<key>`: a relative path, no leading or trailing slash. Default: none. */
  readonly prefix?: string;
  /** The signing region. Default `us-east-1`, which S3-compatible servers accept (AWS_REGION is not read here). */
  readonly region?: string;
  /** How long one attempt may take, in ms; the SDK makes up to 3 attempts. Default 10,000. */
  readonly requestTimeoutMs?: number;
}

const defaultRequestTimeoutMs = 10_000;
// S3 bucket naming rules (3-63 characters, lowercase letters, digits, dots, hyphens), loosely:
// enough to refuse a path, a URL or a stray slash before it reaches a request line.
const bucketPattern = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** The SDK's handler warns through `console` unless given a logger; library code prints nothing. */
const silentLogger = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };

/** Splits `s3://bucket/some/prefix` (prefix optional) into settings fields; `store-failed` otherwise. */
export function parseS3StoreSpec(spec: string): { readonly bucket: string; readonly prefix?: string } {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(spec);
  if (match === null) throw invalid(`${JSON.stringify(spec)} is not s3://<bucket>[/<prefix>]`);
  // The bucket group is required by the pattern: it matches whenever the pattern does.
  const bucket = match[1] ?? '';
  const prefix = match[2] ?? '';
  return prefix === '' ? { bucket } : { bucket, prefix };
}

/** Checks `settings` (endpoint URL, bucket name, prefix) and returns the store; `store-failed` when they are unusable. */
export function s3StoreFromSettings(settings: S3StoreSettings): S3Store {
  return new S3Store(settings);
}

/**
 * An {@link ObjectStore} in a bucket of an S3-compatible service, through @aws-sdk/client-s3.
 * Configured for local and third-party servers as much as for AWS (docs/authoring-publish.md):
 * path-style addressing; checksums only where an operation requires one, since the SDK's default
 * CRC32 trailers (aws-chunked bodies) are stored verbatim or refused by many servers; whole
 * Buffers, never streams. Every put carries an explicit SHA-256 that AWS checks; fakes do not,
 * which is why publish reads every object back through the origin.
 */
export class S3Store implements ObjectStore {
  readonly description: string;
  /** S3 keys are flat: the entry stub lives at its module URL's path, served with no rewrite rule. */
  readonly flatKeys = true;
  readonly #client: S3Client;
  readonly #endpoint: string;
  readonly #bucket: string;
  readonly #prefix: string;

  /** Checks the settings (`store-failed` when they are unusable); no request is made yet. */
  constructor(settings: S3StoreSettings) {
    this.#endpoint = checkEndpoint(settings.endpoint);
    if (!bucketPattern.test(settings.bucket))
      throw invalid(`bucket ${JSON.stringify(settings.bucket)} is not an S3 bucket name`);
    this.#bucket = settings.bucket;
    this.#prefix = checkPrefix(settings.prefix ?? '');
    const timeout = settings.requestTimeoutMs ?? defaultRequestTimeoutMs;
    if (!Number.isInteger(timeout) || timeout <= 0)
      throw invalid(`requestTimeoutMs ${timeout} is not a positive integer`);
    this.description = `s3://${this.#bucket}/${this.#prefix} at ${this.#endpoint}`;
    this.#client = new S3Client({
      endpoint: this.#endpoint,
      region: settings.region ?? 'us-east-1',
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Without throwOnRequestTimeout the SDK only warns: a hung endpoint would hang publish.
      requestHandler: {
        connectionTimeout: timeout,
        requestTimeout: timeout,
        throwOnRequestTimeout: true,
        logger: silentLogger,
      },
    });
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    const objectKey = this.#objectKey(key);
    try {
      const output = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: objectKey }));
      if (output.Body === undefined) return new Uint8Array();
      const length = output.ContentLength ?? 0;
      if (length > maxStoredObjectBytes) {
        if (output.Body instanceof Readable) output.Body.destroy();
        throw this.#tooLarge(objectKey, length);
      }
      const bytes = await output.Body.transformToByteArray();
      // A chunked answer has no Content-Length to check first.
      if (bytes.byteLength > maxStoredObjectBytes) throw this.#tooLarge(objectKey, bytes.byteLength);
      return bytes;
    } catch (error) {
      // Only NoSuchKey means "not there": a 404 NoSuchBucket (or a 404 from something that is
      // not S3 at all) is a misconfiguration, never an empty store.
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return undefined;
      throw this.#failure('GET', objectKey, error);
    }
  }

  async put(key: string, bytes: Uint8Array, options: { readonly contentType: string }): Promise<void> {
    const objectKey = this.#objectKey(key);
    try {
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: objectKey,
          Body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          ContentType: options.contentType,
          // Artifacts are republished under the same URL: caches must revalidate.
          CacheControl: 'no-cache',
          ChecksumSHA256: createHash('sha256').update(bytes).digest('base64'),
        }),
      );
    } catch (error) {
      throw this.#failure('PUT', objectKey, error);
    }
  }

  #objectKey(key: string): string {
    checkObjectKey(key);
    return this.#prefix === '' ? key : `${this.#prefix}/${key}`;
  }

  #tooLarge(objectKey: string, size: number): AuthoringError {
    return new AuthoringError(
      'store-failed',
      `GET s3://${this.#bucket}/${objectKey} at ${this.#endpoint}: ${size} bytes, more than the ${maxStoredObjectBytes} an object may have`,
    );
  }

  #failure(method: 'GET' | 'PUT', objectKey: string, error: unknown): AuthoringError {
    if (error instanceof AuthoringError) return error;
    return new AuthoringError(
      'store-failed',
      `${method} s3://${this.#bucket}/${objectKey} at ${this.#endpoint} failed: ${describeError(error)}`,
      { cause: error },
    );
  }
}

/** `NoSuchBucket (HTTP 404): The specified bucket does not exist`, `ECONNREFUSED: connect …`. */
function describeError(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    return `${error.name}${status === undefined ? '' : ` (HTTP ${status})`}: ${error.message}`;
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const label = typeof code === 'string' ? code : error.name;
    // Node reports a refused dual-stack connect as an AggregateError with an empty message.
    const message = error.message || (error instanceof AggregateError ? error.errors.map(String).join('; ') : '');
    return `${label}: ${message}`;
  }
  return String(error);
}

/** The endpoint without trailing slashes; refused unless http(s) without credentials, query or fragment. */
function checkEndpoint(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch (error) {
    throw invalid(`endpoint ${JSON.stringify(endpoint)} is not a URL`, error);
  }
  const usable =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === '';
  if (!usable)
    throw invalid(`endpoint ${JSON.stringify(endpoint)} must be http(s)://host[:port][/path], without credentials`);
  return endpoint.replace(/\/+$/, '');
}

/** `''` (no prefix) or a relative path that {@link checkObjectKey} accepts. */
function checkPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  try {
    return checkObjectKey(prefix);
  } catch (error) {
    throw invalid(`prefix ${JSON.stringify(prefix)} must be a relative path without leading or trailing /`, error);
  }
}

function invalid(reason: string, cause?: unknown): AuthoringError {
  return new AuthoringError('store-failed', `invalid S3 store settings: ${reason}`, { cause });
}
