/** Limits of one upstream read. */
export interface UpstreamReadOptions {
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

/** Redirect hops followed at most, each held to the origin's policy. */
export const MAX_UPSTREAM_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

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
 * origin's redirect). Spec 3: the fetch bypasses any other HTTP cache.
 */
export async function readUpstreamJson(
  url: string,
  options: UpstreamReadOptions,
  allows: (url: URL) => boolean,
): Promise<UpstreamJson> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  let current = new URL(url);
  for (let hop = 0; ; hop += 1) {
    try {
      // `cache` is standard RequestInit; @types/node 20 lacks it, Node's fetch accepts it.
      const init: RequestInit & { cache: 'no-store' } = {
        cache: 'no-store',
        headers: { accept: 'application/json', 'cache-control': 'no-cache' },
        redirect: 'manual',
        signal,
      };
      response = await fetch(current, init);
    } catch (error) {
      throw failure(error, signal, options);
    }
    if (!REDIRECT_STATUSES.has(response.status)) break;
    await response.body?.cancel();
    const location = response.headers.get('location');
    const next = location === null || !URL.canParse(location, current.href) ? undefined : new URL(location, current);
    if (next === undefined) {
      throw new UpstreamReadFailure(`HTTP ${response.status} without a usable location`, { status: response.status });
    }
    if (!allows(next)) {
      throw new UpstreamReadFailure(`HTTP ${response.status} redirect to ${next.origin}, outside the origin`, {
        status: response.status,
      });
    }
    if (hop >= MAX_UPSTREAM_REDIRECTS) {
      throw new UpstreamReadFailure(`too many redirects (over ${MAX_UPSTREAM_REDIRECTS})`, { status: response.status });
    }
    current = next;
  }
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
    text = await readLimitedText(response, options.maxBytes);
  } catch (error) {
    if (error instanceof UpstreamReadFailure) throw error;
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

async function readLimitedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new UpstreamReadFailure(`body over the limit of ${maxBytes} bytes`, { status: response.status });
  }
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => {});
      throw new UpstreamReadFailure(`body over the limit of ${maxBytes} bytes`, { status: response.status });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

function failure(error: unknown, signal: AbortSignal, options: UpstreamReadOptions): UpstreamReadFailure {
  if (signal.aborted) return new UpstreamReadFailure(`timed out after ${options.timeoutMs} ms`, { cause: error });
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return new UpstreamReadFailure(typeof code === 'string' ? `network error (${code})` : 'network error', {
    cause: error,
  });
}
