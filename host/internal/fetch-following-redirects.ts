import { performance } from 'node:perf_hooks';
import type { OriginFetchObserver } from './origin-fetch-observer.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/** The statuses followed as redirects (fetch's own list); any other answer is the final one. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Why {@link fetchFollowingRedirects} could not reach a final answer: the caller turns it into its own error. */
export type RedirectProblem =
  | { readonly kind: 'network'; readonly url: URL; readonly start: URL; readonly cause: unknown }
  | { readonly kind: 'no-location'; readonly url: URL; readonly start: URL; readonly status: number }
  | { readonly kind: 'too-many'; readonly url: URL; readonly start: URL; readonly status: number };

/** What {@link fetchFollowingRedirects} needs from its caller. */
export interface RedirectRules {
  /** Redirect hops followed at most. */
  readonly maxRedirects: number;
  /** The options of the request to `url` (its `redirect` is always `manual`). */
  init(url: URL): RequestInit;
  /** The `x-request-id` sent on every hop: the id of the request that causes the fetch, if any. */
  readonly requestId?: string | undefined;
  /** Hears of every hop: its status (or none, when it failed) and its time (the metrics). */
  readonly observer?: OriginFetchObserver | undefined;
  /** Every hop's target, before any request leaves for it: `next` itself, or throws the caller's error. */
  check(next: URL, status: number): URL;
  /** The caller's error for a request that failed, or a redirect it cannot follow. */
  failure(problem: RedirectProblem): Error;
}

/**
 * GETs `start`, following redirects by hand (`redirect: 'manual'`): a redirect needs a usable
 * `location`, at most `maxRedirects` are followed, and each target goes through `check` before a
 * request leaves for it, so that a redirect out of the allowed origin is refused, never fetched
 * (no SSRF through an origin's redirect; docs/design.md: 403 for the remote compiler, 502 for the
 * artifacts and the catalog). Resolves to the final answer and its URL; a redirect's body is
 * cancelled. Every hop carries the request id (docs/host-logs.md "Request id").
 */
export async function fetchFollowingRedirects(
  start: URL,
  rules: RedirectRules,
): Promise<{ readonly response: Response; readonly url: URL }> {
  const { requestId, observer } = rules;
  let url = start;
  for (let hop = 0; ; hop += 1) {
    let response: Response;
    const startedAt = performance.now();
    try {
      const init = rules.init(url);
      const headers = new Headers(init.headers);
      if (requestId !== undefined) headers.set(REQUEST_ID_HEADER, requestId);
      response = await fetch(url, { ...init, headers, redirect: 'manual' });
    } catch (error) {
      observer?.fetched(undefined, (performance.now() - startedAt) / 1000);
      throw rules.failure({ kind: 'network', url, start, cause: error });
    }
    observer?.fetched(response.status, (performance.now() - startedAt) / 1000);
    if (!REDIRECT_STATUSES.has(response.status)) return { response, url };
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (location === null || !URL.canParse(location, url.href)) {
      throw rules.failure({ kind: 'no-location', url, start, status: response.status });
    }
    if (hop >= rules.maxRedirects) throw rules.failure({ kind: 'too-many', url, start, status: response.status });
    url = rules.check(new URL(location, url), response.status);
  }
}
