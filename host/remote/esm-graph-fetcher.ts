import { HostError } from '../host-error.js';
import { fetchFollowingRedirects } from '../internal/fetch-following-redirects.js';
import type { OriginFetchObserver } from '../internal/origin-fetch-observer.js';
import { BodyOverLimit, ByteBudget, readBoundedBody } from '../internal/read-bounded-body.js';
import type { EsmUrlPolicy } from './esm-url-policy.js';

/** Limits of one module graph (docs/design.md): 200 modules, 5 MiB of source, 10 s per fetch, 5 redirects. */
export interface EsmGraphLimits {
  readonly maxModules: number;
  readonly maxSourceBytes: number;
  readonly fetchTimeoutMs: number;
  readonly maxRedirects: number;
  /** Hears of every request to the ESM origin (the metrics); not a limit, but handed down with them. */
  readonly observer?: OriginFetchObserver | undefined;
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
 * the policy before a request leaves (internal/fetch-following-redirects.ts), JavaScript content types
 * only, and the graph's limits. A URL is fetched once per graph, whoever imports it.
 */
export class EsmGraphFetcher {
  readonly #policy: EsmUrlPolicy;
  readonly #limits: EsmGraphLimits;
  readonly #entry: string;
  readonly #modules = new Map<string, Promise<FetchedModule>>();
  readonly #byFinalUrl = new Map<string, FetchedModule>();
  /** Every module's bytes count against one budget: the graph's source limit. */
  readonly #sourceBudget: ByteBudget;
  /** The id of the request that compiles this graph, sent as `x-request-id` on every fetch. */
  readonly #requestId: string | undefined;

  constructor(policy: EsmUrlPolicy, limits: EsmGraphLimits, entry: string, requestId?: string) {
    this.#requestId = requestId;
    this.#policy = policy;
    this.#limits = limits;
    this.#entry = entry;
    this.#sourceBudget = new ByteBudget(limits.maxSourceBytes);
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
    const { response, url } = await fetchFollowingRedirects(start, {
      maxRedirects: this.#limits.maxRedirects,
      requestId: this.#requestId,
      observer: this.#limits.observer,
      init: () => ({
        headers: { accept: 'text/javascript, application/javascript' },
        signal: AbortSignal.timeout(this.#limits.fetchTimeoutMs),
      }),
      check: (next) => this.#policy.check(next),
      failure: (problem) => {
        if (problem.kind === 'network') return this.#networkError(problem.cause, problem.url);
        if (problem.kind === 'no-location') {
          return new HostError('upstream-failed', `Upstream HTTP ${problem.status} for ${problem.url.href}`);
        }
        return new HostError(
          'upstream-failed',
          `Too many redirects (over ${this.#limits.maxRedirects}) from ${problem.start.href}`,
        );
      },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new HostError('upstream-failed', `Upstream HTTP ${response.status} for ${url.href}`);
    }
    const [mediaType = ''] = (response.headers.get('content-type') ?? '').split(';');
    const type = mediaType.trim().toLowerCase();
    if (!JAVASCRIPT_TYPES.has(type)) {
      await response.body?.cancel();
      throw new HostError('upstream-failed', `Not JavaScript (${type || 'no content type'}) at ${url.href}`);
    }
    let bytes: Uint8Array;
    try {
      bytes = await readBoundedBody(response, this.#sourceBudget);
    } catch (error) {
      if (!(error instanceof BodyOverLimit)) throw this.#networkError(error, url);
      throw new HostError(
        'upstream-failed',
        `Source size limit exceeded: over ${this.#limits.maxSourceBytes} bytes in the graph of ${this.#entry}`,
      );
    }
    const module = { finalUrl: url.href, bytes, source: new TextDecoder().decode(bytes) };
    this.#byFinalUrl.set(module.finalUrl, module);
    return module;
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
