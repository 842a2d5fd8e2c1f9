import { AuthoringError } from '../authoring-error.js';
import { BodyTooLargeError, readBoundedBody } from '../read-bounded-body.js';

/** What the registry says about one package's dist-tag. */
export type DistTagAnswer =
  | { readonly kind: 'version'; readonly version: string }
  | { readonly kind: 'package-unknown' }
  | { readonly kind: 'tag-missing'; readonly tags: readonly string[] };

/** Limits of one registry request. */
export interface DistTagRequestLimits {
  /** The whole request, body included (default 30 s). */
  readonly timeoutMs?: number;
  /** The largest answer read (default 16 MiB). */
  readonly maxBytes?: number;
}

/** 30 s: a registry on the network answers metadata in well under a second. */
export const registryTimeoutMs = 30_000;

/**
 * 16 MiB: the abbreviated metadata of a package with thousands of versions is a few MiB (npm's
 * largest are about 10); a staging package's is a few KiB. The cap keeps a wrong URL from costing
 * memory.
 */
export const maxPackumentBytes = 16 * 1024 * 1024;

/** Strict semver 2.0 (semver.org's regular expression): what may be written into package.json. */
const semverPattern =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/**
 * The URL of a package's metadata below `registry` (which ends in `/`): the scope's slash escaped
 * as npm escapes it (`@acme%2fui-hero1`). `name` is a checked package name (builder-manifest.ts).
 */
export function packumentUrl(registry: string, name: string): string {
  return new URL(name.replace('/', '%2f'), registry).href;
}

function failure(where: string, message: string, cause?: unknown): AuthoringError {
  return new AuthoringError('registry-failed', `${where}: ${message}`, { cause });
}

/** The body as text, refused past `maxBytes` (by content-length first, else while reading). */
async function readBody(response: Response, maxBytes: number, where: string): Promise<string> {
  try {
    return Buffer.from(await readBoundedBody(response, maxBytes)).toString('utf8');
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw failure(where, `the answer is larger than ${maxBytes / 1024 / 1024} MiB`);
    throw error;
  }
}

function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Asks `registry` which version `tag` of package `name` points at, bypassing every cache on the
 * way (`cache: 'no-store'`, `cache-control: no-cache`): a tag that moved a second ago must be
 * seen. A 404 is a package the registry does not have; an unreachable registry, a timeout, any
 * other non-2xx answer, an answer too large or not npm's metadata is an AuthoringError
 * (`registry-failed`) naming the request.
 */
export async function readDistTag(
  registry: string,
  name: string,
  tag: string,
  limits: DistTagRequestLimits = {},
): Promise<DistTagAnswer> {
  const timeoutMs = limits.timeoutMs ?? registryTimeoutMs;
  const url = packumentUrl(registry, name);
  const where = `GET ${url}`;
  let response: Response;
  let text: string;
  try {
    // `cache` is not in @types/node's RequestInit (Node's fetch keeps no HTTP cache, and accepts
    // it); it is said anyway, for a fetch that has one. The headers reach caches on the way.
    const init: RequestInit & { cache: 'no-store' } = {
      // The abbreviated document (npm's own install format): dist-tags and versions, no readmes.
      headers: {
        accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8',
        'cache-control': 'no-cache',
        pragma: 'no-cache',
      },
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    };
    response = await fetch(url, init);
    if (response.status === 404) {
      await response.body?.cancel();
      return { kind: 'package-unknown' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      const hint =
        response.status === 401 || response.status === 403
          ? ' (sync:deps sends no credentials: the staging registry must allow anonymous reads)'
          : '';
      throw failure(where, `the staging registry answered ${response.status} ${response.statusText}${hint}`);
    }
    text = await readBody(response, limits.maxBytes ?? maxPackumentBytes, where);
  } catch (error) {
    if (error instanceof AuthoringError) throw error;
    throw failure(where, `the staging registry cannot be reached: ${reasonOf(error, timeoutMs)}`, error);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw failure(where, 'the answer is not JSON: is this an npm registry?', error);
  }
  const tags = (document as { 'dist-tags'?: unknown } | null)?.['dist-tags'];
  if (typeof tags !== 'object' || tags === null || Array.isArray(tags)) {
    throw failure(where, 'the answer has no "dist-tags": is this an npm registry?');
  }
  const version = (tags as Record<string, unknown>)[tag];
  if (version === undefined) return { kind: 'tag-missing', tags: Object.keys(tags).sort() };
  if (typeof version !== 'string' || !semverPattern.test(version)) {
    throw failure(where, `the "${tag}" tag is ${JSON.stringify(version)}, not a semver version`);
  }
  const versions = (document as { versions?: unknown }).versions;
  if (typeof versions === 'object' && versions !== null && !Object.hasOwn(versions, version)) {
    throw failure(where, `the "${tag}" tag points at ${version}, which the registry does not list`);
  }
  return { kind: 'version', version };
}
