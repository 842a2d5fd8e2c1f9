import { AuthoringError } from '../authoring-error.js';
import { BodyTooLargeError, readBoundedBody } from '../read-bounded-body.js';
import { maxPackumentBytes, packumentUrl, registryTimeoutMs } from '../sync/read-dist-tag.js';
import type { RegistryTarget } from './release-registries.js';

/** One published version as a registry describes it (`versions[v].dist`). */
export interface PublishedVersion {
  /** `sha512-<base64>`: what promote compares on both registries. */
  readonly integrity: string;
  /** Where the registry serves the tarball. */
  readonly tarball: string;
}

/** What a registry says about one package. */
export interface RegistryPackage {
  readonly distTags: Readonly<Record<string, string>>;
  readonly versions: ReadonlyMap<string, PublishedVersion>;
}

/** 256 MiB: far above a variant package (tens of KiB), low enough that a wrong URL cannot exhaust memory. */
const maxTarballBytes = 256 * 1024 * 1024;

function reasonOf(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return `no answer within ${registryTimeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Reads one registry for the release commands, past every cache (a version published a second
 * ago must be seen). Each failure is `registry-failed` naming the step, the request and the
 * registry's role: "promote, read production: GET http://…: the production registry cannot be
 * reached: ECONNREFUSED". The token goes only to URLs below the registry's own URL.
 */
export class RegistryReader {
  readonly #target: RegistryTarget;

  constructor(target: RegistryTarget) {
    this.#target = target;
  }

  /** The package `name`, or undefined when the registry does not have it (404). */
  async package(name: string, step: string): Promise<RegistryPackage | undefined> {
    const url = packumentUrl(this.#target.url, name);
    // The abbreviated document (npm's install format) has every version's dist, and no readmes.
    const accept = 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8';
    const bytes = await this.#get(url, step, maxPackumentBytes, accept);
    if (bytes === undefined) return undefined;
    const where = `${step}: GET ${url}`;
    let document: { 'dist-tags'?: unknown; versions?: unknown };
    try {
      document = JSON.parse(Buffer.from(bytes).toString('utf8'));
    } catch (error) {
      throw new AuthoringError('registry-failed', `${where}: the answer is not JSON: is this an npm registry?`, {
        cause: error,
      });
    }
    const { 'dist-tags': tags, versions } = document ?? {};
    if (typeof tags !== 'object' || tags === null || typeof versions !== 'object' || versions === null)
      throw new AuthoringError(
        'registry-failed',
        `${where}: the answer has no "dist-tags" or "versions": is this an npm registry?`,
      );
    const published = new Map<string, PublishedVersion>();
    for (const [version, manifest] of Object.entries(versions)) {
      const dist = (manifest as { dist?: { integrity?: unknown; tarball?: unknown } } | null)?.dist;
      if (typeof dist?.integrity === 'string' && typeof dist.tarball === 'string')
        published.set(version, { integrity: dist.integrity, tarball: dist.tarball });
    }
    return { distTags: tags as Record<string, string>, versions: published };
  }

  /**
   * Every package of `names` at once (each name once): the answers by name. When some requests
   * fail, the first failure in the order of `names` is thrown, after all have settled.
   */
  async packages(names: readonly string[], step: string): Promise<Map<string, RegistryPackage | undefined>> {
    const unique = [...new Set(names)];
    const answers = await Promise.allSettled(
      unique.map(async (name) => [name, await this.package(name, step)] as const),
    );
    const byName = new Map<string, RegistryPackage | undefined>();
    for (const answer of answers) {
      if (answer.status === 'rejected') throw answer.reason;
      byName.set(...answer.value);
    }
    return byName;
  }

  /** The bytes of a tarball the registry listed. */
  async tarball(url: string, step: string): Promise<Uint8Array> {
    const bytes = await this.#get(url, step, maxTarballBytes, 'application/octet-stream');
    if (bytes === undefined)
      throw new AuthoringError(
        'registry-failed',
        `${step}: GET ${url}: the ${this.#target.role} registry answered 404`,
      );
    return bytes;
  }

  /** GET with no cache and a time-out; undefined for a 404. */
  async #get(url: string, step: string, maxBytes: number, accept: string): Promise<Uint8Array | undefined> {
    const { role, url: registry, token } = this.#target;
    const where = `${step}: GET ${url}`;
    const headers: Record<string, string> = { accept, 'cache-control': 'no-cache', pragma: 'no-cache' };
    if (token !== undefined && url.startsWith(registry)) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: AbortSignal.timeout(registryTimeoutMs) });
    } catch (error) {
      throw new AuthoringError(
        'registry-failed',
        `${where}: the ${role} registry cannot be reached: ${reasonOf(error)}`,
        {
          cause: error,
        },
      );
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new AuthoringError(
        'registry-failed',
        `${where}: the ${role} registry answered ${response.status} ${response.statusText}`,
      );
    }
    let bytes: Uint8Array;
    try {
      bytes = await readBoundedBody(response, maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        throw new AuthoringError(
          'registry-failed',
          `${where}: the answer is larger than ${maxBytes / 1024 / 1024} MiB`,
        );
      throw new AuthoringError(
        'registry-failed',
        `${where}: the ${role} registry stopped answering: ${reasonOf(error)}`,
        {
          cause: error,
        },
      );
    }
    return bytes;
  }
}
