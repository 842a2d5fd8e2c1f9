import { type ErrorBody, HOST_API_VERSION_HEADER } from '@runtime-component-catalog/contracts';
import { SdkError } from './sdk-error.js';

/** The fetch the SDK uses (the page's own by default); injected for other runtimes, never mocked in tests. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * GETs JSON from the host, sharing one request between concurrent callers of the same URL.
 * A network failure is `network`; a 404 `Unknown package` is `unknown-package`, a 404 `Artifact
 * not found` is `not-found`; any other non-2xx is `host-error` with the status and the host's
 * `error` message.
 */
export class HostClient {
  readonly #baseUrl: string;
  readonly #fetch: FetchLike;
  readonly #inFlight = new Map<string, Promise<unknown>>();
  #hostApiVersion: string | undefined;

  constructor(hostUrl: string, fetchImpl: FetchLike) {
    this.#baseUrl = hostUrl.replace(/\/+$/, '');
    this.#fetch = fetchImpl;
  }

  /** The host API version the host last named in an answer (`x-host-api-version`), if any. */
  get hostApiVersion(): string | undefined {
    return this.#hostApiVersion;
  }

  /** The absolute URL of a host path. */
  url(path: string): string {
    return `${this.#baseUrl}${path}`;
  }

  /** The JSON at `path`; concurrent calls for the same path share one request. */
  getJson<T>(path: string): Promise<T> {
    let request = this.#inFlight.get(path) as Promise<T> | undefined;
    if (request === undefined) {
      request = this.#request<T>(path).finally(() => this.#inFlight.delete(path));
      this.#inFlight.set(path, request);
    }
    return request;
  }

  async #request<T>(path: string): Promise<T> {
    const url = this.url(path);
    let response: Response;
    try {
      response = await this.#fetch(url, { headers: { accept: 'application/json' } });
    } catch (error) {
      throw new SdkError('network', `Network error: GET ${url}`, { cause: error });
    }
    this.#hostApiVersion = response.headers.get(HOST_API_VERSION_HEADER) ?? this.#hostApiVersion;
    if (!response.ok) throw await errorFromResponse(response, `GET ${url}`);
    return (await response.json()) as T;
  }
}

/** Maps a failed host answer to an SdkError, with the host's own message when it sent one. */
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
  if (code === 'unknown-package') return new SdkError('unknown-package', message, { status: response.status });
  if (code === 'artifact-not-found') {
    return new SdkError('not-found', `${what} failed: ${message}`, { status: response.status });
  }
  if (code === 'integrity-mismatch') return new SdkError('integrity', message, { status: response.status });
  return new SdkError('host-error', `${what} failed: ${message}`, { status: response.status });
}
