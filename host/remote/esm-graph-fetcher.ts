import { HostError } from '../host-error.js';
import type { EsmUrlPolicy } from './esm-url-policy.js';

/** Limits of one module graph (docs/design.md): 200 modules, 5 MiB of source, 10 s per fetch, 5 redirects. */
export interface EsmGraphLimits {
  readonly maxModules: number;
  readonly maxSourceBytes: number;
  readonly fetchTimeoutMs: number;
  readonly maxRedirects: number;
}

/** One fetched module: where it ended up after redirects, its raw bytes and its text. */
export interface FetchedModule {
  readonly finalUrl: string;
  readonly bytes: Uint8Array;
  readonly source: string;
}

const JAVASCRIPT_TYPES = new Set([
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'text/ecmascript',
  'application/ecmascript',
  'text/jsx',
  'text/typescript',
  'application/typescript',
]);

/**
 * Fetches the modules of one graph, for one compile: every URL and every redirect hop checked by
 * the policy before a request leaves (redirects are followed by hand), JavaScript content types
 * only, and the graph's limits. A URL is fetched once per graph, whoever imports it.
 */
export class EsmGraphFetcher {
  readonly #policy: EsmUrlPolicy;
  readonly #limits: EsmGraphLimits;
  readonly #entry: string;
  readonly #modules = new Map<string, Promise<FetchedModule>>();
  readonly #byFinalUrl = new Map<string, FetchedModule>();
  #sourceBytes = 0;

  constructor(policy: EsmUrlPolicy, limits: EsmGraphLimits, entry: string) {
    this.#policy = policy;
    this.#limits = limits;
    this.#entry = entry;
  }

  /** The module at `url` (allowed by the policy), fetched at most once in this graph. */
  fetch(url: URL): Promise<FetchedModule> {
    let module = this.#modules.get(url.href);
    if (module === undefined) {
      if (this.#modules.size >= this.#limits.maxModules) {
        throw new HostError(
          'upstream-failed',
          `Module limit exceeded: over ${this.#limits.maxModules} modules in the graph of ${this.#entry}`,
        );
      }
      module = this.#download(this.#policy.check(url));
      this.#modules.set(url.href, module);
    }
    return module;
  }

  /** A module already fetched, by its final URL (what the bundler knows it by). */
  loaded(finalUrl: string): FetchedModule | undefined {
    return this.#byFinalUrl.get(finalUrl);
  }

  async #download(start: URL): Promise<FetchedModule> {
    let url = start;
    for (let hop = 0; ; hop += 1) {
      const response = await this.#request(url);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel();
        if (hop >= this.#limits.maxRedirects) {
          throw new HostError(
            'upstream-failed',
            `Too many redirects (over ${this.#limits.maxRedirects}) from ${start.href}`,
          );
        }
        url = this.#policy.check(new URL(location, url));
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new HostError('upstream-failed', `Upstream HTTP ${response.status} for ${url.href}`);
      }
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!JAVASCRIPT_TYPES.has(type)) {
        await response.body?.cancel();
        throw new HostError('upstream-failed', `Not JavaScript (${type || 'no content type'}) at ${url.href}`);
      }
      const bytes = await this.#readBody(response, url);
      const module = { finalUrl: url.href, bytes, source: new TextDecoder().decode(bytes) };
      this.#byFinalUrl.set(module.finalUrl, module);
      return module;
    }
  }

  async #request(url: URL): Promise<Response> {
    try {
      return await fetch(url, {
        redirect: 'manual',
        headers: { accept: 'text/javascript, application/javascript' },
        signal: AbortSignal.timeout(this.#limits.fetchTimeoutMs),
      });
    } catch (error) {
      throw this.#networkError(error, url);
    }
  }

  async #readBody(response: Response, url: URL): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body ?? []) {
        size += chunk.byteLength;
        this.#sourceBytes += chunk.byteLength;
        if (this.#sourceBytes > this.#limits.maxSourceBytes) {
          await response.body?.cancel().catch(() => {});
          throw new HostError(
            'upstream-failed',
            `Source size limit exceeded: over ${this.#limits.maxSourceBytes} bytes in the graph of ${this.#entry}`,
          );
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof HostError) throw error;
      throw this.#networkError(error, url);
    }
    return Buffer.concat(chunks, size);
  }

  #networkError(error: unknown, url: URL): HostError {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return new HostError(
        'upstream-failed',
        `Upstream timed out after ${this.#limits.fetchTimeoutMs} ms for ${url.href}`,
        {
          cause: error,
        },
      );
    }
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    const reason = typeof code === 'string' ? `network error (${code})` : 'network error';
    return new HostError('upstream-failed', `Upstream ${reason} for ${url.href}`, { cause: error });
  }
}
