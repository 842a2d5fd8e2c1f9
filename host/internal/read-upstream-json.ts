import { fetchFollowingRedirects } from './fetch-following-redirects.js';
import type { OriginFetchObserver } from './origin-fetch-observer.js';
import { BodyOverLimit, ByteBudget, readBoundedBody } from './read-bounded-body.js';

/** Limits of one upstream read. */
export interface UpstreamReadOptions {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  /** Hears of every request to the origin (the metrics). */
  readonly observer?: OriginFetchObserver | undefined;
}

/** Redirect hops followed at most, each held to the origin's policy. */
export const MAX_UPSTREAM_REDIRECTS = 5;

/** An upstream read that failed; `reason` is short and safe to show (`HTTP 500`, `timed out after 10000 ms`). */
export class UpstreamReadFailure extends Error {
  override readonly name = 'UpstreamReadFailure';
  readonly reason: string;
  /** The origin's HTTP status, when it answered. */
  readonly status: number | undefined;

  constructor(reason: string, options?: { status?: number; cause?: unknown }) {
    super(reason, options);
    this.reason = reason;
    this.status = options?.status;
  }
}

/** What the origin answered: 404 (absent), or a parsed JSON value. */
export type UpstreamJson = { readonly found: false } | { readonly found: true; readonly value: unknown };

/**
 * GETs `url` and parses its body as JSON. 404 is "not found"; any other non-2xx, a network
 * error, the time-out (which covers the body and every redirect too) or a body over `maxBytes`
 * is an {@link UpstreamReadFailure}. Redirects are followed by hand, at most
 * {@link MAX_UPSTREAM_REDIRECTS}, and only while `allows` accepts the next hop: a redirect out of
 * the configured origin is a failure before any request leaves for it (no SSRF through an
 * origin's redirect). Spec 3: the fetch bypasses any other HTTP cache. `requestId` goes out as
 * `x-request-id` on every hop.
 */
export async function readUpstreamJson(
  url: string,
  options: UpstreamReadOptions,
  allows: (url: URL) => boolean,
  requestId?: string,
): Promise<UpstreamJson> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  // `cache` is standard RequestInit; @types/node 20 lacks it, Node's fetch accepts it.
  const init: RequestInit & { cache: 'no-store' } = {
    cache: 'no-store',
    headers: { accept: 'application/json', 'cache-control': 'no-cache' },
    signal,
  };
  const { response } = await fetchFollowingRedirects(new URL(url), {
    maxRedirects: MAX_UPSTREAM_REDIRECTS,
    requestId,
    observer: options.observer,
    init: () => init,
    check: (next, status) => {
      if (!allows(next))
        throw new UpstreamReadFailure(`HTTP ${status} redirect to ${next.origin}, outside the origin`, { status });
      return next;
    },
    failure: (problem) => {
      if (problem.kind === 'network') return failure(problem.cause, signal, options);
      const { status } = problem;
      if (problem.kind === 'no-location')
        return new UpstreamReadFailure(`HTTP ${status} without a usable location`, { status });
      return new UpstreamReadFailure(`too many redirects (over ${MAX_UPSTREAM_REDIRECTS})`, { status });
    },
  });
  if (response.status === 404) {
    await response.body?.cancel();
    return { found: false };
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new UpstreamReadFailure(`HTTP ${response.status}`, { status: response.status });
  }
  let text: string;
  try {
    text = (await readBoundedBody(response, new ByteBudget(options.maxBytes))).toString('utf8');
  } catch (error) {
    if (error instanceof BodyOverLimit) {
      throw new UpstreamReadFailure(`body over the limit of ${options.maxBytes} bytes`, { status: response.status });
    }
    throw failure(error, signal, options);
  }
  try {
    return { found: true, value: JSON.parse(text) };
  } catch (error) {
    throw new UpstreamReadFailure(`HTTP ${response.status} with a body that is not JSON`, {
      status: response.status,
      cause: error,
    });
  }
}

function failure(error: unknown, signal: AbortSignal, options: UpstreamReadOptions): UpstreamReadFailure {
  if (signal.aborted) return new UpstreamReadFailure(`timed out after ${options.timeoutMs} ms`, { cause: error });
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return new UpstreamReadFailure(typeof code === 'string' ? `network error (${code})` : 'network error', {
    cause: error,
  });
}
