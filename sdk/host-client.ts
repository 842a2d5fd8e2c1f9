import { HOST_API_VERSION_HEADER } from '@runtime-component-catalog/contracts';
import { type FetchLike, readJson, request } from './internal/request.js';

/** How many times a HEAD refused by the compile quotas (429) is asked again before it fails. */
const QUOTA_RETRIES = 5;

/**
 * GETs JSON from the host through the SDK's one `request()`, sharing one request between
 * concurrent callers of the same path. Failures are SdkErrors mapped from the host's error
 * `code` (`unknown-package`, `not-found`, `integrity`), else `host-error` with the status, or
 * `network` when there is no answer.
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
    let pending = this.#inFlight.get(path) as Promise<T> | undefined;
    if (pending === undefined) {
      pending = this.#getJson<T>(path).finally(() => this.#inFlight.delete(path));
      this.#inFlight.set(path, pending);
    }
    return pending;
  }

  /**
   * A HEAD of the host path `path`: the answer's headers (a failure is an SdkError, as for GETs).
   * A 429 (`too-many-compiles`: the host bounds each client's cold compiles) is asked again after
   * its `Retry-After`, a few times, before it fails (docs/sdk.md, compile quotas).
   */
  async head(path: string, what: string): Promise<Response> {
    const url = this.url(path);
    for (let retry = 0; retry < QUOTA_RETRIES; retry += 1) {
      const response = await request(this.#fetch, url, { method: 'HEAD', what, answers: [429] });
      if (response.status !== 429) return response;
      const seconds = Number(response.headers.get('retry-after'));
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number.isFinite(seconds) ? seconds : 1, 30) * 1000));
    }
    return request(this.#fetch, url, { method: 'HEAD', what });
  }

  async #getJson<T>(path: string): Promise<T> {
    const url = this.url(path);
    const response = await request(this.#fetch, url);
    this.#hostApiVersion = response.headers.get(HOST_API_VERSION_HEADER) ?? this.#hostApiVersion;
    return readJson<T>(response, `GET ${url}`);
  }
}
