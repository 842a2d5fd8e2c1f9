import type { ErrorBody } from '@runtime-component-catalog/contracts';
import { SdkError } from '../sdk-error.js';

/** The fetch the SDK uses (the page's own by default); injected for other runtimes, never mocked in tests. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The page's own fetch, looked up at each call (a page may wrap it after the SDK loaded). */
export const pageFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** One call of {@link request}. */
export interface RequestOptions {
  /** Default `GET`. */
  readonly method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  /**
   * Added to the request (a CMS's `authorization`). The host's calls send none, so they stay
   * CORS simple requests.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  readonly body?: unknown;
  /**
   * Statuses the caller reads itself instead of failing on them (a page store's 404 and 409), or
   * `'all'`: only no answer fails (a CMS whose error bodies the caller maps).
   */
  readonly answers?: readonly number[] | 'all';
  /** What the request does, for a failure's message: `<what> failed: …` (default `METHOD url`). */
  readonly what?: string;
}

/**
 * Every request the SDK makes (the host, the lightweight catalog, a CMS) goes through here, so
 * every failure is an SdkError with a stable code: no answer is `network`; an answer outside
 * 2xx and `answers` is mapped by {@link errorFromResponse}. Headers are `accept:
 * application/json`, or a JSON body's type, and only what `headers` adds (docs/sdk.md "Cross-origin").
 */
export async function request(fetchImpl: FetchLike, url: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    ...(options.body !== undefined
      ? { 'content-type': 'application/json' }
      : method === 'HEAD'
        ? {}
        : { accept: 'application/json' }),
    ...options.headers,
  };
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new SdkError('network', `Network error: ${method} ${url}`, { cause: error });
  }
  if (response.ok || options.answers === 'all' || options.answers?.includes(response.status)) return response;
  const what = options.what ?? `${method} ${url}`;
  if (method !== 'HEAD') throw await errorFromResponse(response, what);
  // A HEAD answer has no body: the same URL again with GET gives the host's error body.
  const failed = await fetchImpl(url).catch(() => response);
  throw await errorFromResponse(failed, what);
}

/**
 * The JSON body of an answer. A body that is not JSON is `host-error` with the status, unless
 * `invalid` makes another SdkError of it (the lightweight catalog's `invalid-catalog`).
 */
export async function readJson<T>(
  response: Response,
  what: string,
  invalid?: (cause: unknown) => SdkError,
): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw (
      invalid?.(error) ??
      new SdkError('host-error', `${what} failed: the answer is not JSON`, { cause: error, status: response.status })
    );
  }
}

/** Maps a failed answer to an SdkError, with the server's own message when it sent one. */
export async function errorFromResponse(response: Response, what: string): Promise<SdkError> {
  let message = `HTTP ${response.status}`;
  let code: string | undefined;
  try {
    const body = (await response.json()) as Partial<ErrorBody>;
    if (typeof body.error === 'string') message = body.error;
    code = body.code;
  } catch {
    // not JSON: keep the status
  }
  // The host's stable codes (docs/design.md HTTP contract), never its messages, decide.
  const status = response.status;
  if (code === 'unknown-package') return new SdkError('unknown-package', message, { status });
  if (code === 'artifact-not-found') return new SdkError('not-found', `${what} failed: ${message}`, { status });
  if (code === 'integrity-mismatch') return new SdkError('integrity', message, { status });
  if (code === 'invalid-version' || code === 'unknown-version') return new SdkError(code, message, { status });
  return new SdkError('host-error', `${what} failed: ${message}`, { status });
}
